import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureVisibleTab } from './capture-visible-tab';

interface FakeTab {
  active: boolean;
  windowId: number;
  url: string;
}

/** The two tabs calls the capture makes, over a tab that may change between them. */
function fakeTabs(tabs: FakeTab[], capture: () => Promise<string>) {
  let reads = 0;
  const api = {
    tabs: {
      get: vi.fn(async () => {
        const tab = tabs[Math.min(reads, tabs.length - 1)];
        reads += 1;
        if (!tab) throw new Error('No tab with id: 7.');
        return tab;
      }),
      captureVisibleTab: vi.fn(capture),
    },
  };
  vi.stubGlobal('chrome', api);
  return api;
}

const front: FakeTab = { active: true, windowId: 3, url: 'https://a.example/' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('captureVisibleTab', () => {
  it('captures the window of a tab that is in front, as PNG', async () => {
    const api = fakeTabs([front], async () => 'data:image/png;base64,AAAA');
    expect(await captureVisibleTab(7)).toEqual({
      ok: true,
      data: { dataUrl: 'data:image/png;base64,AAAA', url: 'https://a.example/' },
    });
    expect(api.tabs.captureVisibleTab).toHaveBeenCalledWith(3, { format: 'png' });
  });

  it('refuses a tab in the background: its window shows another page', async () => {
    const api = fakeTabs([{ ...front, active: false }], async () => 'data:image/png;base64,AAAA');
    expect(await captureVisibleTab(7)).toMatchObject({
      ok: false,
      error: {
        code: 'CAPTURE_UNAVAILABLE',
        message: expect.stringMatching(/bring it to the front/),
      },
    });
    expect(api.tabs.captureVisibleTab).not.toHaveBeenCalled();
  });

  it('discards the image when the tab navigated or moved during the capture', async () => {
    fakeTabs(
      [front, { ...front, url: 'https://b.example/' }],
      async () => 'data:image/png;base64,A',
    );
    expect(await captureVisibleTab(7)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/changed while/) },
    });
  });

  it('tells the person how to allow a capture the browser refused for want of access', async () => {
    fakeTabs([front], async () => {
      throw new Error("Either the '<all_urls>' or 'activeTab' permission is required.");
    });
    expect(await captureVisibleTab(7)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/click the Side Agent toolbar button/) },
    });
  });

  it('waits once and retries when captures come faster than the browser allows', async () => {
    let attempts = 0;
    const api = fakeTabs([front], async () => {
      attempts += 1;
      if (attempts === 1)
        throw new Error('This request exceeds the MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND quota.');
      return 'data:image/png;base64,BBBB';
    });
    expect(await captureVisibleTab(7)).toMatchObject({ ok: true });
    expect(api.tabs.captureVisibleTab).toHaveBeenCalledTimes(2);
  });
});
