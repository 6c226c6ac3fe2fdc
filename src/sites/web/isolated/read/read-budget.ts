// A share of one answer's character budget: sections take items while it lasts, so an
// answer fits a tool result and counts say what did not fit.

export interface Budget {
  /** Takes `cost` characters; false (and nothing taken) when they do not fit. */
  take(cost: number): boolean;
}

export function createBudget(chars: number): Budget {
  let left = chars;
  return {
    take(cost) {
      if (cost > left) return false;
      left -= cost;
      return true;
    },
  };
}

/** What `texts` cost as JSON values, with a little room for keys and punctuation. */
export const costOf = (...texts: readonly string[]) =>
  texts.reduce((sum, text) => sum + text.length + 12, 8);
