// The four servers most web-face tests start before their own steps: local pages
// under real-looking hostnames, the scripted model server, the CORS proxy in front of
// it and the built extension in Chromium (127.0.0.1 reached directly, so the proxy
// and local tool servers are not sent to the pages' host rules). One close stops
// them in reverse order, and a start that fails part-way closes what it started.
import { startCorsProxy, type CorsProxy } from './cors-proxy';
import { startModelServer, type ModelServer } from './model-server/model-server.mjs';
import { launchWebBrowser, type WebBrowser } from './web-browser';
import { startWebPages, type WebHosts, type WebPages } from './web-pages';

export interface WebStack {
  readonly pages: WebPages;
  readonly models: ModelServer;
  readonly proxy: CorsProxy;
  readonly browser: WebBrowser;
  close(): Promise<void>;
}

type ModelOptions = NonNullable<Parameters<typeof startModelServer>[0]>;
type BrowserOptions = NonNullable<Parameters<typeof launchWebBrowser>[1]>;

export async function startWebStack(
  hosts: WebHosts,
  options: { readonly models?: ModelOptions; readonly browser?: BrowserOptions } = {},
): Promise<WebStack> {
  const started: { close(): Promise<void> }[] = [];
  const close = async () => {
    for (const part of started.reverse()) await part.close();
  };
  try {
    const pages = await startWebPages(hosts);
    started.push(pages);
    const models = await startModelServer(options.models ?? { scenario: 'basic-tool-loop' });
    started.push(models);
    const proxy = await startCorsProxy(models.port);
    started.push(proxy);
    const browser = await launchWebBrowser(pages, {
      hostRules: ['EXCLUDE 127.0.0.1'],
      ...options.browser,
    });
    started.push(browser);
    return { pages, models, proxy, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}
