import { describe, expect, it, vi } from 'vitest';
import { createPageHandlers } from './page-to-worker.handlers';

type Context = Parameters<ReturnType<typeof createPageHandlers>['page/stop-runs']>[1];

describe('page/stop-runs', () => {
  it('stops the runs of the tab whose top frame sent it, and ignores subframes', () => {
    const stopRuns = vi.fn();
    const runs = {
      activeRuns: () => [
        { runId: 'r1', tabId: 4 },
        { runId: 'r2', tabId: 5 },
      ],
      cancel: stopRuns,
    };
    const handlers = createPageHandlers({ quickAttach: { clicked: async () => {} }, runs });
    void handlers['page/stop-runs']({}, { tabId: 4, frameId: 2 } as Context);
    void handlers['page/stop-runs']({}, { frameId: 0 } as Context);
    expect(stopRuns).not.toHaveBeenCalled();
    void handlers['page/stop-runs']({}, { tabId: 4, frameId: 0 } as Context);
    expect(stopRuns.mock.calls).toEqual([['r1']]);
  });
});

describe('page/ready', () => {
  it('asks for the quick-action buttons of a top frame only', () => {
    const pageReady = vi.fn();
    const handlers = createPageHandlers({ quickAttach: { clicked: async () => {}, pageReady } });
    const payload = { url: 'https://typst.app/project/p', runtimeVersion: 1, documentId: 'd1' };
    void handlers['page/ready'](payload, { tabId: 4, frameId: 3 } as Context);
    expect(pageReady).not.toHaveBeenCalled();
    void handlers['page/ready'](payload, { tabId: 4, frameId: 0 } as Context);
    expect(pageReady.mock.calls).toEqual([[4]]);
  });
});
