// The real extension's tree in Firefox ESR and in Chromium, for the same page: an open
// and a closed shadow root, a same-origin frame, a cross-origin frame and a frame
// nested in it, stitched into one tree with frame refs. Each engine gets the page
// through a real agent run whose scripted model calls get_accessibility_tree, with
// every site allowed as the person would; the lines must be the same. Frame refs
// (f2:e3) number frames in the order their relays reported to the worker, which
// differs between engines by design, so both trees are renumbered by first
// appearance before they are compared; element numbers are compared as they are.
// In Firefox a frame of a site the person has not allowed is offered on the call's
// tool-status event, and once sites/allow-frame records it the next read has it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as PlaywrightPage } from 'playwright-core';
import type { Page as PuppeteerPage } from 'puppeteer-core';
import {
  firefoxPanelRequest,
  launchFirefoxExtension,
  type FirefoxExtension,
} from '../support/firefox-extension';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { collectPanelEvents, createRunDriver } from '../support/run-driver';
import { runTools } from '../support/tool-runs';
import { startTreeRuns, treeText, type TreeRuns } from '../support/web-fixtures/tree-runs';

const TOP = `<!doctype html><title>Frames</title><body style="margin:0">
<h1>Frames page</h1>
<div id="open-host"></div>
<div id="closed-host"></div>
<iframe title="Same frame" src="/inner" style="width:400px;height:120px"></iframe>
<iframe title="Widget frame" src="https://widgets.example/widget" style="width:500px;height:260px"></iframe>
<script>
document.getElementById('open-host').attachShadow({ mode: 'open' }).innerHTML =
  '<h2>Open shadow</h2><button>Open button</button>';
document.getElementById('closed-host').attachShadow({ mode: 'closed' }).innerHTML =
  '<h2>Closed shadow</h2><button>Closed button</button>';
</script></body>`;

const INNER = `<!doctype html><body style="margin:0"><p>Same-origin text</p>
<button>Same button</button></body>`;

const WIDGET = `<!doctype html><body style="margin:0"><h2>Widget</h2><a href="/buy">Buy now</a>
<div id="host"></div>
<iframe title="Deep frame" src="https://deep.example/deep" style="width:300px;height:100px"></iframe>
<script>document.getElementById('host').attachShadow({ mode: 'closed' }).innerHTML =
  '<button>Widget closed button</button>';</script></body>`;

const DEEP = `<!doctype html><body style="margin:0"><label>Deep field <input value="x"></label></body>`;

const MAP_PAGE = `<!doctype html><title>Map</title><h1>Find us</h1>
<iframe title="Map" src="https://maps.example/embed" style="width:400px;height:120px"></iframe>`;

const HOSTS = {
  'shop.example': { '/': TOP, '/inner': INNER, '/map': MAP_PAGE },
  'widgets.example': { '/': '<!doctype html><p>Widgets</p>', '/widget': WIDGET },
  'deep.example': { '/': '<!doctype html><p>Deep</p>', '/deep': DEEP },
};
const FRAME_HOSTS = ['widgets.example', 'deep.example'];
/** A frame site the person has not allowed (the browser copy holds its host, as if granted). */
const MAPS = { 'maps.example': { '/embed': '<!doctype html><button>Map pin</button>' } };

let runs: TreeRuns;
let firefox: FirefoxExtension;
let models: ModelServer;

beforeAll(async () => {
  runs = await startTreeRuns({ ...HOSTS, ...MAPS });
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  firefox = await launchFirefoxExtension({
    typstPort: runs.pages.port,
    hosts: [...Object.keys(HOSTS), ...Object.keys(MAPS)],
  });
}, 120_000);

afterAll(async () => {
  await firefox?.close();
  await models?.close();
  await runs?.close();
});

/** Frame refs renumbered by first appearance: f7:e3 -> F1:e3. */
function normaliseFrameRefs(tree: string): string {
  const order = new Map<string, number>();
  return tree.replace(/\bf(\d+):e/g, (_match, frame: string) => {
    if (!order.has(frame)) order.set(frame, order.size + 1);
    return `F${order.get(frame)}:e`;
  });
}

async function chromiumTree(): Promise<string> {
  const tab = await runs.open('shop.example', '/', FRAME_HOSTS);
  const [result] = await tab.call([{ name: 'get_accessibility_tree', arguments: {} }]);
  await tab.close();
  return treeText(result!);
}

let settings: Promise<PuppeteerPage> | null = null;

/** The Firefox panel page the sites are allowed from, once they are. */
function allowedSettings(): Promise<PuppeteerPage> {
  settings ??= allowHosts();
  return settings;
}

async function allowHosts(): Promise<PuppeteerPage> {
  const settings = await firefox.openPanel();
  // Each site is allowed from a tab that shows it, as a person would allow it.
  for (const host of Object.keys(HOSTS)) {
    const tab = await firefox.newPage();
    await tab.goto(`https://${host}/`);
    await firefoxPanelRequest(settings, {
      type: 'sites/allow',
      payload: {
        tabId: await firefox.tabIdOf(`https://${host}/`),
        pattern: `https://${host}/*`,
        mode: 'always',
        requested: false,
      },
    });
    await tab.close();
  }
  return settings;
}

/** A Firefox tab of shop.example with a run driver for it. */
async function firefoxTab(path: string) {
  await allowedSettings();
  const url = `https://shop.example${path}`;
  const page = await firefox.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    { timeout: 20_000 },
  );
  const tabId = await firefox.tabIdOf(url);
  const panel = (await firefox.openPanel(tabId)) as unknown as PlaywrightPage;
  // The run driver only evaluates in the panel page, which both drivers do alike.
  await collectPanelEvents(panel);
  const driver = createRunDriver(panel, {
    tabId,
    scope: { siteId: 'web', projectId: 'https://shop.example' },
    baseUrl: models.baseUrl,
  });
  modelId ??= await driver.saveModel('scripted-model');
  const id = modelId;
  return {
    tabId,
    driver,
    observe: () =>
      runTools({ driver, models, modelId: id }, [
        { name: 'get_accessibility_tree', arguments: {} },
      ]),
  };
}

let modelId: string | undefined;

async function firefoxTree(): Promise<string> {
  const tab = await firefoxTab('/');
  const outcome = await tab.observe();
  return treeText(outcome.results[0]!);
}

describe('the stitched tree in Firefox ESR and Chromium', () => {
  it('prints the same lines for shadow roots and frames through the real extension', async () => {
    const inChromium = await chromiumTree();
    const inFirefox = await firefoxTree();
    for (const text of [
      'Open button',
      'Closed button',
      'Same button',
      'Buy now',
      'Widget closed button',
      'Deep field',
    ])
      expect(inChromium, text).toContain(text);
    expect(inChromium).not.toContain('# frame not read');
    expect(inChromium).toMatch(/\[f\d+:e\d+\]/);
    expect(normaliseFrameRefs(inFirefox)).toBe(normaliseFrameRefs(inChromium));
  }, 180_000);

  it('offers an unread frame site in Firefox too, and reads the frame once it is allowed', async () => {
    const tab = await firefoxTab('/map');
    const first = await tab.observe();
    expect(treeText(first.results[0]!)).toContain('(frame site: maps.example)');
    const statuses = (await tab.driver.eventsOf(first.runId)).filter(
      (event) => event.type === 'run/tool-status' && event.payload['frameSites'],
    );
    expect(statuses.map((event) => event.payload['frameSites'])).toEqual([
      [{ host: 'maps.example', pattern: 'https://maps.example/*', browserGranted: true }],
    ]);
    await firefoxPanelRequest(await allowedSettings(), {
      type: 'sites/allow-frame',
      payload: { tabId: tab.tabId, pattern: 'https://maps.example/*', requested: false },
    });
    const second = await tab.observe();
    expect(treeText(second.results[0]!)).toContain('button "Map pin"');
  }, 120_000);
});
