// One web-face run rig for end-to-end tests: local pages under real-looking
// hostnames, the scripted model server behind the CORS proxy, the built extension in
// Chromium with the bridge in one tab the person allowed, the panel opened for that
// tab and a run driver with the scripted model saved. Tests that read or act on a
// page through real runs start here instead of wiring the same eight steps each.
import type { Page } from 'playwright-core';
import type { CorsProxy } from './cors-proxy';
import type { ModelServer } from './model-server/model-server.mjs';
import { collectPanelEvents, createRunDriver, type RunDriver } from './run-driver';
import type { ToolResult } from './tool-runs';
import type { WebBrowser } from './web-browser';
import type { WebHosts, WebPages } from './web-pages';
import { startWebStack } from './web-stack';

export interface WebRunRig {
  readonly pages: WebPages;
  readonly models: ModelServer;
  readonly proxy: CorsProxy;
  readonly browser: WebBrowser;
  /** The tab the runs work in, showing `host`'s `/`. */
  readonly tab: Page;
  readonly tabId: number;
  /** The side panel page opened for the tab (the person's view of the runs). */
  readonly panel: Page;
  readonly driver: RunDriver;
  readonly modelId: string;
  /** Closes everything the rig started (safe after a failed start). */
  close(): Promise<void>;
}

/** Starts the rig; the run tab shows `https://<host>/` with the bridge connected. */
export async function startWebRunRig(
  hosts: WebHosts,
  host: string,
  options: { readonly permissions?: readonly string[] } = {},
): Promise<WebRunRig> {
  const stack = await startWebStack(hosts, {
    browser: options.permissions ? { permissions: options.permissions } : {},
  });
  const { pages, models, proxy, browser } = stack;
  const close = stack.close;
  try {
    const tab = await browser.open(host);
    await browser.injectBridge(tab);
    const tabId = await browser.tabIdOf(tab);
    const panel = await browser.openPanelTab(tabId);
    await collectPanelEvents(panel);
    const driver = createRunDriver(panel, {
      tabId,
      scope: { siteId: 'web', projectId: `https://${host}` },
      baseUrl: proxy.baseUrl,
    });
    const modelId = await driver.saveModel('scripted-model');
    return { pages, models, proxy, browser, tab, tabId, panel, driver, modelId, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The tree text a get_accessibility_tree result carries. */
export const treeOf = (result: ToolResult | undefined): string =>
  (result as { result?: { untrusted_page_content?: { content?: { tree?: string } } } } | undefined)
    ?.result?.untrusted_page_content?.content?.tree ?? '';

/**
 * The ref (frame refs included) the tree text gives the element with this role and
 * name, or, for a nameless element, with this text (`listitem [e3]: "Alpha"`).
 */
export function refIn(tree: string, role: string, name: string): string {
  const quoted = JSON.stringify(name);
  const line = tree.split('\n').find((entry) => {
    const trimmed = entry.trimStart();
    return (
      trimmed.startsWith(`${role} ${quoted} [`) ||
      (trimmed.startsWith(`${role} [`) && trimmed.endsWith(`]: ${quoted}`))
    );
  });
  const ref = line && /\[((?:f\d+:)?e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ${role} "${name}" in the tree:\n${tree}`);
  return ref;
}
