// ## Owns
// Launching Debian's Chromium with the built extension for end-to-end tests, and
// the helpers every such test needs: the extension id, the worker, stopping the
// worker for real, the panel page in a tab
// with an explicit target tab, and the real side panel over raw CDP.
import {
  chromium,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Worker,
} from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
// Tests run from the repository root (npm scripts and the bench runner both do).
export const REPO_ROOT = process.env['SIDE_AGENT_ROOT'] ?? process.cwd();
export const CHROME_BUILD = path.join(REPO_ROOT, '.output/chrome-mv3');

export interface LaunchOptions {
  /** Port of the local HTTPS server that plays https://typst.app. */
  readonly typstPort?: number;
  readonly extensionDir?: string;
  readonly headless?: boolean;
  /** More host mappings, e.g. `MAP api.example.test 127.0.0.1:1234`. */
  readonly hostRules?: readonly string[];
}

interface TargetInfo {
  readonly targetId: string;
  readonly type: string;
  readonly url: string;
  readonly attached: boolean;
}

export interface ExtensionBrowser {
  readonly context: BrowserContext;
  readonly cdp: CDPSession;
  readonly extensionId: string;
  readonly origin: string;
  worker(): Promise<Worker>;
  workerTargets(): Promise<TargetInfo[]>;
  /** Stops the MV3 worker, repeating until no worker target is left. */
  stopWorker(): Promise<void>;
  /** Waits until the worker has repaired its MAIN-world registration. */
  waitForStartup(): Promise<unknown>;
  tabIdOf(page: Page): Promise<number>;
  /**
   * The panel page opened in a tab, serving `tabId` explicitly; `testHarness` installs
   * the page's test hook (`__sideAgentTestHarness`).
   */
  openPanelTab(tabId?: number, options?: { testHarness?: boolean }): Promise<Page>;
  /**
   * Loads the unpacked extension again, as an update does: extension pages close,
   * a new worker starts and content scripts in open tabs are orphaned.
   */
  reloadExtension(): Promise<void>;
  close(): Promise<void>;
}

export async function launchExtensionBrowser(
  options: LaunchOptions = {},
): Promise<ExtensionBrowser> {
  const extensionDir = options.extensionDir ?? CHROME_BUILD;
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'side-agent-e2e-'));
  const rules = [
    ...(options.typstPort !== undefined ? [`MAP typst.app 127.0.0.1:${options.typstPort}`] : []),
    ...(options.hostRules ?? []),
    'MAP * ~NOTFOUND',
  ];
  let context: BrowserContext;
  try {
    // The extension is loaded over CDP (Extensions.loadUnpacked) rather than with
    // --load-extension: loading it again is how a test simulates an update, and
    // branded Chrome has already dropped the flag.
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: options.headless ?? true,
      ignoreHTTPSErrors: true,
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [
        '--enable-unsafe-extension-debugging',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=${rules.join(', ')}`,
        '--ignore-certificate-errors',
      ],
    });
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
  const browser = context.browser();
  if (!browser) throw new Error('A persistent Chromium context has a browser.');
  const cdp = await browser.newBrowserCDPSession();
  const load = async () =>
    (
      (await cdp.send(
        'Extensions.loadUnpacked' as 'Browser.getVersion',
        { path: extensionDir } as never,
      )) as unknown as { id: string }
    ).id;
  const extensionId = await load();
  const origin = `chrome-extension://${extensionId}`;
  const isOurs = (worker: Worker) => worker.url().startsWith(`${origin}/`);
  const firstWorker =
    context.serviceWorkers().find(isOurs) ??
    (await context.waitForEvent('serviceworker', { predicate: isOurs, timeout: 15_000 }));

  const workerTargets = async () => {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    return targetInfos.filter(
      (target) => target.type === 'service_worker' && target.url.startsWith(`${origin}/`),
    );
  };

  const harness: ExtensionBrowser = {
    context,
    cdp,
    extensionId,
    origin,
    // Playwright keeps one Worker handle across restarts and evaluates in the new
    // instance; a restart that replaced it emits a new one.
    worker: async () => context.serviceWorkers().filter(isOurs).at(-1) ?? firstWorker,
    workerTargets,
    async stopWorker() {
      const until = Date.now() + 5_000;
      for (
        let targets = await workerTargets();
        targets.length > 0;
        targets = await workerTargets()
      ) {
        if (Date.now() > until) throw new Error('The worker did not stop.');
        for (const target of targets)
          await cdp
            .send('Target.closeTarget', { targetId: target.targetId })
            .catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async waitForStartup() {
      const worker = await harness.worker();
      return worker.evaluate(
        () =>
          (globalThis as { __sideAgentDiagnostics?: { startup: Promise<unknown> } })
            .__sideAgentDiagnostics?.startup,
      );
    },
    async tabIdOf(page) {
      const worker = await harness.worker();
      const id = await worker.evaluate(
        async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)?.id,
        page.url(),
      );
      if (id === undefined) throw new Error(`No tab shows ${page.url()}`);
      return id;
    },
    async openPanelTab(tabId, options = {}) {
      const panel = await context.newPage();
      const query = new URLSearchParams();
      if (tabId !== undefined) query.set('tabId', String(tabId));
      if (options.testHarness) query.set('test-harness', '1');
      const search = query.size > 0 ? `?${query.toString()}` : '';
      await panel.goto(`${origin}/sidepanel.html${search}`);
      return panel;
    },
    async reloadExtension() {
      const replaced = context
        .waitForEvent('serviceworker', { predicate: isOurs, timeout: 15_000 })
        .catch(() => null);
      await load();
      await replaced;
      for (let attempt = 0; attempt < 100 && (await workerTargets()).length === 0; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
