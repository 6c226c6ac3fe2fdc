// How a run ended, said once to screen readers in the person's words: the answer is
// ready, it was stopped, or what went wrong (never a code).
import { announcer, type Announcer } from '../components/announcer';
import { personError } from '../errors/error-text';
import type { LiveRun } from './live-run';

export function announceRunEnd(
  run: Pick<LiveRun, 'status' | 'error'>,
  modelHost: string | undefined,
  to: Announcer = announcer,
): void {
  const status = run.status.peek();
  if (status === 'done') to.announce('Answer ready.');
  else if (status === 'cancelled') to.announce('Stopped.');
  else if (status === 'error') {
    const error = run.error.peek();
    to.announce(
      error ? personError(error.code, { modelHost }).text : 'Something went wrong.',
      'assertive',
    );
  }
}
