// Where the memory block sits in a run's conversation: first in the current user
// message, before the question, as a labelled text part. Older exchanges stay as
// they were (a provider's prompt cache keeps working) and the trusted system prompt
// never holds it.
import { raceAbort } from '../../shared/lib/abort';
import type { ModelMessage } from '../providers/model-adapter';
import type { RunContext } from './run-context';
import { addUserText } from './user-parts';

/** Puts `block` at the start of the last user message (or a new one), when there is one. */
export function addMemoryNote(messages: ModelMessage[], block: string | null): void {
  if (block !== null) addUserText(messages, block, 'first');
}

/** The run's memory block; memory that cannot be read is a notice, never a failed run. */
export async function memoryNoteOf(run: RunContext, origin: string | null): Promise<string | null> {
  if (!run.deps.memory) return null;
  try {
    return await raceAbort(run.deps.memory.contextFor(origin), run.signal);
  } catch (error) {
    if (run.signal.aborted) throw error;
    run.events.notice(
      'warning',
      'Your saved memory could not be read; this answer does not use it.',
    );
    return null;
  }
}
