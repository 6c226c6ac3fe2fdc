// The action tools through the built extension in real Chromium: real runs with the
// scripted model call them, the worker takes the tab's debugger session (the build
// carries the debugger permission) and the page's act handlers answer in the content
// script. The refs name no element (this page was never observed), so each click
// refuses with PAGE_REF_NOT_FOUND and leaves the page as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runTools, type ToolStep } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const PAGE = `<!doctype html><title>Shop</title><button id="buy">Buy</button>
`;

let rig: WebRunRig;
let shop: Page;

beforeAll(async () => {
  rig = await startWebRunRig({ 'shop.example': { '/': PAGE } }, 'shop.example');
  shop = rig.tab;
});

afterAll(async () => {
  await rig?.close();
});

const runContext = () => ({ driver: rig.driver, models: rig.models, modelId: rig.modelId });

const approve = () => Promise.resolve('allow-run');

describe('action tools in a real run', () => {
  it('runs click and press_keys through the worker and refuses refs that name nothing', async () => {
    const click: ToolStep = { name: 'click', arguments: { ref: 'e41' }, onPending: approve };
    const outcome = await runTools(
      runContext(),
      [
        click,
        { ...click, arguments: { ref: 'e42' } },
        { name: 'press_keys', arguments: { keys: ['Escape'] }, onPending: approve },
      ],
      { agentMode: 'act' },
    );
    expect(outcome.results.map((result) => result.code ?? 'ok')).toEqual([
      'PAGE_REF_NOT_FOUND',
      'PAGE_REF_NOT_FOUND',
      'ok',
    ]);
    expect(outcome.end.payload['status']).toBe('done');
    // Nothing on the page was pressed: the refs named nothing, Escape had no target.
    expect(await shop.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});
