// ## Owns
// The page one tool call of a run gets: requests through the run's page guard, the
// tab's frames and viewport capture. The tab is read from the guard when the call
// starts, so after a switch to another tab of the run every later call works there.
import type { Result } from '../../shared/protocol/envelope';
import type { FrameDirectory } from '../pages/frame-directory';
import type { RunPage, VisibleTabCapture } from '../tools/define-tool';
import type { RunInteraction } from '../tools/run-interaction';
import type { RunPageGuard } from './run-page-guard';

export interface RunPageDeps {
  readonly guard: RunPageGuard;
  readonly frames?: FrameDirectory;
  readonly capture?: (tabId: number) => Promise<Result<VisibleTabCapture>>;
}

/** The page of the call `call`, pausing through `interaction` when the tab strays. */
export function runPageFor(
  deps: RunPageDeps,
  call: { readonly id: string; readonly name: string },
  interaction: RunInteraction,
): RunPage {
  const { guard, capture } = deps;
  const guarded = { callId: call.id, toolName: call.name, pause: interaction.pauseForPage };
  const tabId = guard.tabId();
  return {
    tabId,
    frames: async (options) => {
      const directory = deps.frames;
      if (!directory) return [];
      return options?.refresh ? directory.refresh(tabId) : directory.frames(tabId);
    },
    request: (method, payload, frame, options) =>
      guard.request(guarded, method, payload, frame, options),
    followNavigation: guard.followNavigation,
    switchTab: (next) => guard.switchTo(next),
    // A capture goes through the same guard as a page request: the tab must show
    // the run's document (its relay answers for it) before anything is captured.
    ...(capture
      ? {
          captureVisible: async () => {
            const here = await guard.request(guarded, 'page/get-context', {});
            return here.ok ? capture(tabId) : here;
          },
        }
      : {}),
  };
}
