// How Settings reads amounts of US dollars the person typed: a model's prices per
// million tokens and the cost limits. "$1.50", "1.5" and "1,000" are read; anything
// else (negative, words, too many decimals, out of range) is refused with words that
// say what to type instead.
import { dollarsText } from '../../shared/lib/dollars';
import { COST_LIMIT_RANGE, PRICE_RANGE } from '../../shared/protocol/settings-messages';
import type { FieldReading } from './budget-fields';

/** A plain decimal with at most `decimals` places, after "$", spaces and separators go. */
function amountOf(text: string, decimals: number): number | null {
  const compact = text
    .trim()
    .replace(/^\$/, '')
    .replace(/[\s,_']/g, '');
  const pattern = new RegExp(`^\\d{1,9}(?:\\.\\d{1,${decimals}})?$`);
  return pattern.test(compact) ? Number(compact) : null;
}

/** A cost limit in dollars and cents, or empty for none. */
export function readCostLimit(text: string): FieldReading<number | null> {
  if (text.trim() === '') return { ok: true, value: null };
  const { min, max } = COST_LIMIT_RANGE;
  const value = amountOf(text, 2);
  if (value === null || value < min || value > max)
    return {
      ok: false,
      message: `Enter an amount in US dollars from ${dollarsText(min)} to ${dollarsText(max)} (cents at most), or leave it empty for no limit.`,
    };
  return { ok: true, value };
}

/** A price in dollars per million tokens, or empty for "not entered". */
export function readPrice(text: string): FieldReading<number | null> {
  if (text.trim() === '') return { ok: true, value: null };
  const { min, max } = PRICE_RANGE;
  const value = amountOf(text, 4);
  if (value === null || value < min || value > max)
    return {
      ok: false,
      message: `Enter US dollars per million tokens from ${dollarsText(min)} to ${dollarsText(max)}, with at most 4 decimals, or leave it empty.`,
    };
  return { ok: true, value };
}

/** A stored amount as its field shows it. */
export const dollarsFieldText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
