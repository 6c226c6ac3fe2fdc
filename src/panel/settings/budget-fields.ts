// How the Agent tab reads the step cap and the token limits the person typed: a
// whole number in range, or (for limits) empty for none. Anything else is refused
// with words that say what to type instead.
import { MAX_STEPS_RANGE, TOKEN_LIMIT_RANGE } from '../../shared/protocol/settings-messages';

export type FieldReading<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const n = (value: number) => value.toLocaleString('en-US');

/** Digits with optional thousands separators ("1,000,000" and "1 000 000" too). */
const wholeNumberOf = (text: string): number | null => {
  const compact = text.trim().replace(/[\s,_']/g, '');
  return /^\d{1,15}$/.test(compact) ? Number(compact) : null;
};

export function readMaxSteps(text: string): FieldReading<number> {
  const { min, max } = MAX_STEPS_RANGE;
  const value = wholeNumberOf(text);
  if (value === null || value < min || value > max)
    return { ok: false, message: `Enter a whole number of steps from ${min} to ${max}.` };
  return { ok: true, value };
}

export function readTokenLimit(text: string): FieldReading<number | null> {
  if (text.trim() === '') return { ok: true, value: null };
  const { min, max } = TOKEN_LIMIT_RANGE;
  const value = wholeNumberOf(text);
  const words = `Enter a whole number of tokens from ${n(min)} to ${n(max)}, or leave it empty for no limit.`;
  if (value === null || value < min || value > max) return { ok: false, message: words };
  return { ok: true, value };
}

/** The stored value as the field shows it. */
export const tokenLimitText = (value: number | null) => (value === null ? '' : String(value));
