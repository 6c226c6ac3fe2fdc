import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolRunContext } from '../../../../worker/tools/define-tool';
import { modesOf } from '../../../../worker/tools/run-tool-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { resizeWindowTool } from './resize-window.tool';
import { createWindowSizes, type WindowBounds, type WindowControl } from './window-sizes';

/** One window the fake browser keeps; the screen fits it to 1920×1080. */
function fakeBrowser(
  start: WindowBounds = { width: 1280, height: 800, left: 10, top: 20, state: 'normal' },
) {
  let window: WindowBounds = start;
  const calls: string[] = [];
  const control: WindowControl = {
    async windowOf(tabId) {
      if (tabId !== 7) throw new Error('No tab with id');
      return 3;
    },
    async bounds() {
      return window;
    },
    async resize(_id, size) {
      calls.push(`resize ${size.width}x${size.height}`);
      window = {
        ...window,
        state: 'normal',
        width: Math.min(size.width, 1920),
        height: Math.min(size.height, 1080),
      };
      return window;
    },
    async restore(_id, bounds) {
      calls.push(`restore ${bounds.width}x${bounds.height} ${bounds.state}`);
      window = bounds;
    },
  };
  return { control, calls, now: () => window };
}

const context = (runId: string, tabId = 7) =>
  ({
    runId,
    identity: { tabId },
    signal: new AbortController().signal,
  }) as unknown as ToolRunContext;

describe('resize_window', () => {
  it('is offered in Act and Dev only, when the person asks about the window or layout', () => {
    const tool = resizeWindowTool(createWindowSizes(fakeBrowser().control));
    expect(modesOf(tool as ToolDefinition<unknown>)).toEqual(['act', 'dev']);
    expect(tool.offerWhen?.(['Check how the shop looks in its mobile layout'])).toBe(true);
    expect(tool.offerWhen?.(['Resize the window to 800 wide'])).toBe(true);
    expect(tool.offerWhen?.(['Buy the blue shoes'])).toBe(false);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
  });

  it('refuses 0×0 and 100,000×100,000 with the bounds, before touching the window', () => {
    const browser = fakeBrowser();
    const tool = resizeWindowTool(createWindowSizes(browser.control));
    const tiny = tool.parseArguments({ width: 0, height: 0 });
    expect(tiny).toMatchObject({ ok: false, code: 'ARGUMENTS_INVALID' });
    expect(!tiny.ok && tiny.message).toMatch(/320/);
    const huge = tool.parseArguments({ width: 100_000, height: 100_000 });
    expect(huge).toMatchObject({ ok: false, code: 'ARGUMENTS_INVALID' });
    expect(!huge.ok && huge.message).toMatch(/7680/);
    expect(browser.calls).toEqual([]);
  });

  it('says the size the window really got, and puts it back as it was when the run ends', async () => {
    const browser = fakeBrowser();
    const sizes = createWindowSizes(browser.control);
    const tool = resizeWindowTool(sizes);
    const narrow = await tool.execute({ width: 390, height: 844 }, context('run-1'));
    expect(narrow).toMatchObject({
      ok: true,
      result: {
        size: { width: 390, height: 844 },
        restores_to: { width: 1280, height: 800, state: 'normal' },
      },
    });
    const wide = await tool.execute({ width: 3000, height: 2000 }, context('run-1'));
    expect(wide).toMatchObject({
      ok: true,
      result: { size: { width: 1920, height: 1080 }, restores_to: { width: 1280, height: 800 } },
      summary: 'Window is 1920×1080 (asked 3000×2000).',
    });
    expect(wide.ok && (wide.result as { note?: string }).note).toContain('fitted the window');
    await sizes.restore('run-1');
    expect(browser.now()).toEqual({ width: 1280, height: 800, left: 10, top: 20, state: 'normal' });
    // Once per run: a second end restores nothing more.
    await sizes.restore('run-1');
    expect(browser.calls.filter((call) => call.startsWith('restore'))).toHaveLength(1);
  });

  it('puts a maximized window back to maximized', async () => {
    const browser = fakeBrowser({ width: 1920, height: 1080, state: 'maximized' });
    const sizes = createWindowSizes(browser.control);
    await resizeWindowTool(sizes).execute({ width: 800, height: 600 }, context('run-2'));
    await sizes.restore('run-2');
    expect(browser.now().state).toBe('maximized');
  });

  it('explains a tab that is gone, without resizing anything', async () => {
    const browser = fakeBrowser();
    const outcome = await resizeWindowTool(createWindowSizes(browser.control)).execute(
      { width: 800, height: 600 },
      context('run-3', 99),
    );
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_TAB_CLOSED' });
    expect(browser.calls).toEqual([]);
  });
});
