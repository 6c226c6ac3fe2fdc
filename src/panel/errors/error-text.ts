// ## Owns
// The one place that turns an error (an ErrorCode plus its structured detail) into
// what a person reads: what happened and what to do next, and the actions the panel
// offers for it. Codes and raw messages stay behind Details.
// ## Never
// Shows a code, a message written for the model, or internal wording as the text.
import { ERROR_CODES, type ErrorCode } from '../../shared/protocol/error-codes';
import { CONNECTION_TEXTS } from './error-texts-connection';
import type { ErrorAction, ErrorContext, ErrorTextEntry } from './error-text-types';
import { SKILL_TEXTS } from './error-texts-skills';
import { JOB_TEXTS } from './error-texts-jobs';
import { TRACE_TEXTS } from './error-texts-traces';
import { PROFILE_TEXTS } from './error-texts-profile';
import { WORK_TEXTS } from './error-texts-work';
import { NETWORK_TEXTS } from './error-texts-network';

export type { ErrorAction, ErrorContext } from './error-text-types';

/** Every code's text; a code without one is a type error here and a failing test. */
export const ERROR_TEXTS: Readonly<Record<ErrorCode, ErrorTextEntry>> = {
  ...CONNECTION_TEXTS,
  ...WORK_TEXTS,
  ...SKILL_TEXTS,
  ...JOB_TEXTS,
  ...TRACE_TEXTS,
  ...PROFILE_TEXTS,
  ...NETWORK_TEXTS,
};

/** What the person reads about one error. */
export interface PersonError {
  readonly text: string;
  readonly actions: readonly ErrorAction[];
}

const UNKNOWN: PersonError = {
  text: 'Something went wrong. Try again; the details below say more.',
  actions: ['retry'],
};

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);
const isErrorCode = (code: string): code is ErrorCode => KNOWN.has(code);

/** The person's text and actions for `code` (any string: stored chats may hold old codes). */
export function personError(code: string, context: ErrorContext = {}): PersonError {
  if (!isErrorCode(code)) return UNKNOWN;
  const entry = ERROR_TEXTS[code];
  if (typeof entry === 'string') return { text: entry, actions: [] };
  const text = typeof entry.text === 'function' ? entry.text(context) : entry.text;
  return { text, actions: entry.actions ?? [] };
}

/**
 * Codes whose worker message speaks of internals (message routing) or of the wire (a
 * model provider's raw answer): a form shows the person's text for them instead.
 */
const RAW_MESSAGE_CODES: ReadonlySet<string> = new Set(
  ERROR_CODES.slice(0, ERROR_CODES.indexOf('PAGE_UNAVAILABLE')).concat(
    ERROR_CODES.filter((code) => code.startsWith('PROVIDER_')),
  ),
);

/**
 * The inline text of a form's error (Settings, chat lists). The worker's messages for
 * forms are written for the person ("Put credentials in a header, not in the URL."), so
 * they are shown without their code; raw ones are replaced by the person's text.
 */
export function formErrorText(error: { readonly code: string; readonly message: string }): string {
  if (RAW_MESSAGE_CODES.has(error.code) || error.message.trim() === '')
    return personError(error.code).text;
  return error.message;
}

/** "127.0.0.1:11434" from a model's base URL; undefined when it is not a URL. */
export function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
