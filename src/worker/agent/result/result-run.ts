// ## Owns
// What the run loop does for a message that asked for a JSON result: the result
// book its tools check data with, the person's format told to the model with the
// message, a stop once every attempt failed, and a warning kept with the answer
// when the run ended without data.
import type { ChatTurn } from '../../../shared/protocol/chat-records';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { ModelMessage } from '../../providers/model-adapter';
import { addUserText } from '../user-parts';
import type { RunEventSink } from '../run-events';
import type { TurnRecorder } from '../turn-recorder';
import {
  MAX_RESULT_ATTEMPTS,
  createRunResult,
  resultFormatOf,
  type RunResultBook,
} from './run-result';

export interface ResultRun {
  readonly book: RunResultBook | null;
  /** Adds the person's format to their message, for the model. */
  tell(messages: ModelMessage[]): void;
  /** Ends the run once the model used every attempt without valid data. */
  afterRound(): void;
  /** Warns, kept with the answer, when the run ended without the data. */
  atEnd(): void;
}

/** The note that carries the person's format; theirs, so it is not labelled untrusted. */
export function resultFormatNote(book: RunResultBook): string {
  return [
    `[The person asked for the result as JSON: ${book.format.label}]`,
    'When you have it, finish by calling done_json with `data` matching this JSON Schema exactly (no other keys):',
    '```json',
    book.schemaText,
    '```',
  ].join('\n');
}

export function createResultRun(input: {
  readonly history: readonly ChatTurn[];
  readonly userTurnId: string;
  readonly recorder: TurnRecorder;
  readonly events: RunEventSink;
}): ResultRun {
  const format = resultFormatOf(input.history, input.userTurnId);
  const { recorder, events } = input;
  const book = format
    ? createRunResult(format, (json) => recorder.setResult(json), recorder.result() ?? null)
    : null;
  return {
    book,
    tell(messages) {
      if (book && book.accepted() === null) addUserText(messages, resultFormatNote(book), 'last');
    },
    afterRound() {
      if (!book?.exhausted()) return;
      throw new ProtocolFailure(
        'RESULT_GAVE_UP',
        `The agent handed back data that did not match your JSON format ${MAX_RESULT_ATTEMPTS} times, so it stopped. Try a simpler format with /json, or ask again.`,
      );
    },
    atEnd() {
      if (!book || book.accepted() !== null) return;
      events.notice(
        'warning',
        `This answer has no data in the JSON format you asked for (${book.format.label}). Ask again, or check the answer's text.`,
        'RESULT_INVALID',
      );
    },
  };
}
