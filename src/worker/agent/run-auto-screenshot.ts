// A run's automatic screenshots, wired to the run: its setting, mode and model, and
// its page as the site captures it. The capture goes through the run's page guard
// like any tool, but never pauses the run: when the tab does not show the run's page
// the guard's pause is refused, and the round simply gets no picture.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { redactSecrets } from '../../shared/secrets/secret-text';
import type { WorkerSite } from '../sites/worker-site';
import type { RunInteraction } from '../tools/run-interaction';
import { createAutoScreenshots, type AutoScreenshots } from './auto-screenshot';
import type { RunContext } from './run-context';
import type { PreparedRun } from './run-prepare';
import type { RunLimits } from './budget/run-limits-of';
import { describeScreenshot } from './describe-screenshot';
import { tracedAdapter } from './trace-sink';

const CALL = { id: 'auto-screenshot', name: 'screenshot' } as const;

const quietInteraction: RunInteraction = {
  waitForPage: () => Promise.resolve('skipped'),
  reviewEdit: () => Promise.resolve('reject'),
  notice: () => {},
  pauseForPage: () =>
    Promise.reject(
      new ProtocolFailure('PAGE_UNAVAILABLE', "The tab does not show the run's page."),
    ),
};

export function autoScreenshotsOf(
  run: RunContext,
  site: WorkerSite,
  prepared: PreparedRun,
  limits: RunLimits,
): AutoScreenshots {
  const capture = site.captureForModel;
  const describer = prepared.general.screenshotDescriberId;
  const { settings, fetch } = run.deps;
  const adapterFor: typeof run.deps.adapterFor = (kind) =>
    tracedAdapter(run.deps.adapterFor(kind), run.trace, 'vision');
  return createAutoScreenshots({
    policy: prepared.general.autoScreenshot,
    mode: prepared.mode,
    supportsVision: prepared.model.supportsVision,
    signal: run.signal,
    capture: capture ? () => capture(run.toolContext(CALL, quietInteraction).page) : undefined,
    ...(describer !== null && !prepared.model.supportsVision
      ? {
          describe: async (image) => {
            const words = await describeScreenshot(
              { settings, adapterFor, fetch, limits },
              describer,
              image,
              run.signal,
            );
            // The describer reads the page off the picture: strict secret mode holds for it too.
            return words !== null && prepared.general.strictSecretMode
              ? redactSecrets(words).text
              : words;
          },
        }
      : {}),
  });
}
