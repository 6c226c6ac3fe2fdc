// ## Owns
// Chromium with the built extension for the web face's tests, on local sites served
// as real hostnames (web-pages.ts).
// ## Why a copy of the build with host access
// Chromium's permission prompt never settles in headless mode, so a test cannot answer
// "Allow Side Agent on <site>" the way a person does. The copy adds host access for the
// test's hostnames to the manifest, as if the prompt had been accepted; everything the
// product decides on top of the browser's grant (which sites the person allowed, when
// the bridge runs) is unchanged. The grant prompt itself is tested headful.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  CHROME_BUILD,
  launchExtensionBrowser,
  type ExtensionBrowser,
  type LaunchOptions,
} from './extension-browser';
import type { WebPages } from './web-pages';

export interface WebBrowser extends ExtensionBrowser {
  readonly pages: WebPages;
  /** Opens `https://<host><path>` in a new tab and waits for its load. */
  open(host: string, path?: string): Promise<Page>;
  /**
   * Allows `page`'s site the way a person does ("Always allow" from an extension
   * page, with the host already granted by this build copy), then puts the bridge into
   * every frame of `page` the browser grants. Resolves once the top frame's relay is up.
   * Requests the worker sends to a frame still pass the product's access gate.
   */
  /**
   * Allows the page's site (and `alsoAllow` hosts, e.g. a cross-origin frame's) as a
   * person's "Always allow" would, then injects the bridge into every frame.
   */
  injectBridge(page: Page, alsoAllow?: readonly string[]): Promise<void>;
}

/**
 * A copy of the build whose manifest grants `hosts` (and every site with `allUrls`);
 * removed with the browser.
 */
function buildGranting(
  hosts: readonly string[],
  allUrls: boolean,
  permissions: readonly string[] = [],
): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'side-agent-web-build-'));
  cpSync(CHROME_BUILD, dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    host_permissions?: string[];
    permissions?: string[];
  };
  manifest.host_permissions = [
    ...(manifest.host_permissions ?? []),
    ...hosts.map((host) => `https://${host}/*`),
    ...(allUrls ? ['<all_urls>'] : []),
  ];
  // An optional permission the person would grant from Settings, granted the same way.
  manifest.permissions = [...(manifest.permissions ?? []), ...permissions];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

/** Writes `patch` into the worker's own general settings record, other settings kept. */
export async function patchGeneralSettings(
  browser: Pick<ExtensionBrowser, 'worker'>,
  patch: Record<string, unknown>,
): Promise<void> {
  const worker = await browser.worker();
  await worker.evaluate(async (changes) => {
    const key = 'settings.general.v1';
    const stored = (await chrome.storage.local.get(key))[key] as
      Record<string, unknown> | undefined;
    await chrome.storage.local.set({ [key]: { ...stored, ...changes } });
  }, patch);
}

/** Stores the plan setting, other settings kept. */
const setPlanReview = (browser: ExtensionBrowser, planReview: string) =>
  patchGeneralSettings(browser, { planReview });

export async function launchWebBrowser(
  pages: WebPages,
  options: LaunchOptions & {
    readonly granted?: readonly string[];
    /** The build also holds access to all sites, as an install that was granted it. */
    readonly allUrls?: boolean;
    /** Optional permissions the build holds as granted (e.g. `downloads`). */
    readonly permissions?: readonly string[];
    /**
     * Settings → Agent's plan before acting. Off unless a test asks for it: most web
     * tests script the run's own rounds, and a plan card would wait for an answer.
     * @default 'off'
     */
    readonly planReview?: 'off' | 'ask' | 'auto';
  } = {},
): Promise<WebBrowser> {
  const granted = options.granted ?? pages.hosts;
  const extensionDir =
    options.extensionDir ?? buildGranting(granted, options.allUrls ?? false, options.permissions);
  const browser = await launchExtensionBrowser({
    ...options,
    extensionDir,
    hostRules: [...pages.hostRules, ...(options.hostRules ?? [])],
  });
  await browser.waitForStartup();
  await setPlanReview(browser, options.planReview ?? 'off');
  return {
    ...browser,
    pages,
    async open(host, pathname = '/') {
      const page = await browser.context.newPage();
      await page.goto(pages.url(host, pathname), { waitUntil: 'load' });
      return page;
    },
    async injectBridge(page, alsoAllow = []) {
      const tabId = await browser.tabIdOf(page);
      const helper = await browser.openPanelTab(tabId);
      // Each site is allowed from a tab that shows it, as a person would allow it.
      const sites: { tabId: number; pattern: string; page?: Page }[] = [
        { tabId, pattern: `${new URL(page.url()).origin.replace(/:\d+$/, '')}/*` },
      ];
      for (const host of alsoAllow) {
        const other = await browser.context.newPage();
        await other.goto(pages.url(host, '/'), { waitUntil: 'load' });
        sites.push({
          tabId: await browser.tabIdOf(other),
          pattern: `https://${host}/*`,
          page: other,
        });
      }
      for (const { tabId: siteTab, pattern, page: other } of sites) {
        const allowed = (await helper.evaluate(
          (payload) =>
            chrome.runtime.sendMessage({
              type: 'sites/allow',
              requestId: crypto.randomUUID(),
              payload,
            }),
          { tabId: siteTab, pattern, mode: 'always', requested: false },
        )) as { ok: boolean; error?: unknown };
        await other?.close();
        if (!allowed.ok) {
          await helper.close();
          throw new Error(`Allowing ${pattern} failed: ${JSON.stringify(allowed.error)}`);
        }
      }
      await helper.close();
      const worker = await browser.worker();
      await worker.evaluate(async (id) => {
        await chrome.scripting.executeScript({
          target: { tabId: id, allFrames: true },
          files: ['content-scripts/isolated.js'],
        });
      }, tabId);
      await page.waitForFunction(() => document.documentElement.dataset['sideAgentBridge']);
    },
    async close() {
      await browser.close();
      if (!options.extensionDir) rmSync(extensionDir, { recursive: true, force: true });
    },
  };
}
