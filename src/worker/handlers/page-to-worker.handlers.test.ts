import { describe, expect, it, vi } from 'vitest';
import { createPageHandlers } from './page-to-worker.handlers';

type Context = Parameters<ReturnType<typeof createPageHandlers>['page/stop-runs']>[1];

describe('page/stop-runs', () => {
  it('stops the runs of the tab whose top frame sent it, and ignores subframes', () => {
    const stopRuns = vi.fn();
    const handlers = createPageHandlers({ quickAttach: async () => {}, stopRuns });
    void handlers['page/stop-runs']({}, { tabId: 4, frameId: 2 } as Context);
    void handlers['page/stop-runs']({}, { frameId: 0 } as Context);
    expect(stopRuns).not.toHaveBeenCalled();
    void handlers['page/stop-runs']({}, { tabId: 4, frameId: 0 } as Context);
    expect(stopRuns).toHaveBeenCalledWith(4);
  });
});
