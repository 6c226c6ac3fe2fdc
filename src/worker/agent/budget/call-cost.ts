// ## Owns
// What model calls cost in US dollars, from their tokens and the prices the person
// entered for the model. A model without prices has no cost (null), never $0: the
// person's cost limits do not apply to it and the panel shows no dollar figure.
import type { ModelPrices } from '../../../shared/protocol/settings-messages';
import { dollarsText } from '../../../shared/lib/dollars';
import type { SpentTokens } from './call-usage';

const PER_MILLION = 1_000_000;

/** The call's cost in US dollars, or null when the model has no prices. */
export function costOfCall(tokens: SpentTokens, prices: ModelPrices | null): number | null {
  if (prices === null) return null;
  return (
    (tokens.inputTokens * prices.inputPerMillion + tokens.outputTokens * prices.outputPerMillion) /
    PER_MILLION
  );
}

/** Sums two costs; an unknown cost adds nothing, and two unknowns stay unknown. */
export function addCost(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a + b;
}

/** The cost as the person reads it (see dollarsText). */
export const describeCost = dollarsText;
