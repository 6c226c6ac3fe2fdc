// resize_window through a real Act run in Chromium: the window that shows the run's
// tab takes the size the model asked for while the run goes on, a size past the
// bounds is refused with them, and the window is back at its own size once the run
// ends. (The test browser emulates a fixed page viewport, so the window's own size,
// as the browser reports it, is what is checked.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'layout.example';
const PAGE = '<!doctype html><title>Layout</title><h1>Layout</h1><p>Columns.</p>';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
}, 120_000);

afterAll(async () => rig?.close());

/** The outer size of the window showing the run's tab, as the browser reports it. */
async function windowSize(): Promise<{ width: number; height: number }> {
  const worker = await rig.browser.worker();
  return worker.evaluate(async (tabId) => {
    const tab = await chrome.tabs.get(tabId);
    const window = await chrome.windows.get(tab.windowId);
    return { width: window.width ?? 0, height: window.height ?? 0 };
  }, rig.tabId);
}

describe('resize_window', () => {
  it('sizes the window for the run and puts it back when the run ends', async () => {
    const before = await windowSize();
    let during: { width: number; height: number } | null = null;
    const outcome = await runTools(
      { driver: rig.driver, models: rig.models, modelId: rig.modelId },
      [
        { name: 'resize_window', arguments: { width: 500, height: 700 } },
        { name: 'resize_window', arguments: { width: 0, height: 0 } },
        {
          name: 'get_window_info',
          arguments: {},
          before: async () => {
            during = await windowSize();
          },
        },
      ],
      { agentMode: 'act', prompt: 'Check this page in a narrow mobile layout.' },
    );
    expect(outcome.results[0]).toMatchObject({
      ok: true,
      result: { requested: { width: 500, height: 700 }, restores_to: before },
    });
    expect(outcome.results[1]).toMatchObject({ ok: false, code: 'ARGUMENTS_INVALID' });
    expect(JSON.stringify(outcome.results[1])).toContain('320');
    expect(during).toEqual({ width: 500, height: 700 });
    await expect.poll(windowSize, { timeout: 10_000 }).toEqual(before);
  });
});
