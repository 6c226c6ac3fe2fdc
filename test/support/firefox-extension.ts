// ## Owns
// Firefox ESR with the built Firefox extension for end-to-end tests, driven by
// puppeteer-core over WebDriver BiDi: a copy of the build the test can reach, the
// panel page opened in a tab for a chosen tab, and panel -> worker requests.
// ## Why a copy of the build
// WebDriver BiDi refuses to navigate a tab to a moz-extension: URL, so the panel is
// opened by a loopback page that navigates itself there; the copy makes the panel
// page web-accessible to 127.0.0.1 for that. It also holds host access to
// http://127.0.0.1/*, as if the person had accepted the browser's prompt when saving
// a loopback model (a headless prompt cannot be answered). Everything else is the
// product's own build.
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './extension-browser';

export const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';
export const FIREFOX_BUILD = path.join(REPO_ROOT, '.output/firefox-mv3');
export const FIREFOX_ADDON_ID = 'side-agent@side-agent.invalid';
/** The add-on's internal UUID, fixed by a pref so tests know its pages' address. */
const ADDON_UUID = '5a1de0a9-e47e-4c1d-9a11-0c0ffee0a11e';
export const FIREFOX_PANEL_URL = `moz-extension://${ADDON_UUID}/sidepanel.html`;

export interface FirefoxLaunchOptions {
  /** Port of the local HTTPS server that plays https://typst.app (every host resolves to 127.0.0.1). */
  readonly typstPort?: number;
  /**
   * Hostnames the build copy also holds host access to, as if the person had accepted
   * the browser's prompt behind "Always allow" on each.
   */
  readonly hosts?: readonly string[];
}

export interface FirefoxExtension {
  readonly browser: Browser;
  newPage(): Promise<Page>;
  /** The browser's id of the tab whose URL starts with `urlPrefix`. */
  tabIdOf(urlPrefix: string): Promise<number>;
  /** The panel page in a tab, serving `tabId` (the panel of that tab). */
  openPanel(tabId?: number): Promise<Page>;
  close(): Promise<void>;
}

function buildForTest(hosts: readonly string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'side-agent-firefox-'));
  cpSync(FIREFOX_BUILD, dir, { recursive: true });
  const manifestPath = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown[]>;
  manifest['host_permissions'] = [
    ...(manifest['host_permissions'] ?? []),
    'http://127.0.0.1/*',
    ...hosts.map((host) => `https://${host}/*`),
  ];
  manifest['web_accessible_resources'] = [
    ...(manifest['web_accessible_resources'] ?? []),
    { resources: ['sidepanel.html'], matches: ['http://127.0.0.1/*'] },
  ];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

/** A loopback page the panel tabs start from. */
async function startLaunchPad(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Start</title>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function launchFirefoxExtension(
  options: FirefoxLaunchOptions = {},
): Promise<FirefoxExtension> {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`Firefox ESR not found at ${FIREFOX_PATH}: apt-get install firefox-esr.`);
  if (!existsSync(FIREFOX_BUILD))
    throw new Error(`No Firefox build at ${FIREFOX_BUILD}: run npx wxt build -b firefox --mv3.`);
  const buildDir = buildForTest(options.hosts ?? []);
  const pad = await startLaunchPad();
  const typstPrefs: Record<string, unknown> =
    options.typstPort === undefined
      ? {}
      : {
          'network.dns.forceResolve': '127.0.0.1',
          'network.socket.forcePort': `443=${options.typstPort}`,
        };
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_ADDON_ID]: ADDON_UUID }),
      ...typstPrefs,
    },
  });
  const installed = await browser.installExtension(buildDir);
  if (installed !== FIREFOX_ADDON_ID)
    throw new Error(`Firefox installed ${installed}, not ${FIREFOX_ADDON_ID}.`);

  let helper: Page | undefined;
  const openPanel = async (tabId?: number): Promise<Page> => {
    const page = await browser.newPage();
    await page.goto(`${pad.origin}/start`);
    const url = tabId === undefined ? FIREFOX_PANEL_URL : `${FIREFOX_PANEL_URL}?tabId=${tabId}`;
    await page.evaluate((target) => void (location.href = target), url);
    // The BiDi page object keeps the old URL; the document itself says where it is.
    const deadline = Date.now() + 15_000;
    while ((await page.evaluate(() => location.href).catch(() => '')) !== url) {
      if (Date.now() > deadline) throw new Error(`The panel page did not open at ${url}.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.waitForSelector('[data-testid="settings-toggle"]', { timeout: 15_000 });
    return page;
  };

  return {
    browser,
    newPage: () => browser.newPage(),
    async tabIdOf(urlPrefix) {
      helper ??= await openPanel();
      const id = await helper.evaluate(async (prefix) => {
        const tabs = await (globalThis as unknown as { browser: typeof chrome }).browser.tabs.query(
          {},
        );
        return tabs.find((tab) => tab.url?.startsWith(prefix))?.id ?? null;
      }, urlPrefix);
      if (id === null) throw new Error(`No tab at ${urlPrefix}.`);
      return id;
    },
    openPanel,
    async close() {
      await browser.close();
      await pad.close();
      rmSync(buildDir, { recursive: true, force: true });
    },
  };
}

/** A panel -> worker request from a Firefox panel page; throws on a refusal. */
export async function firefoxPanelRequest(
  panel: Page,
  message: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = (await panel.evaluate(
    (envelope) =>
      (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({
        requestId: crypto.randomUUID(),
        ...envelope,
      }),
    message,
  )) as { ok: boolean; data: Record<string, unknown>; error?: unknown };
  if (!response.ok) throw new Error(JSON.stringify(response.error));
  return response.data;
}
