// ## Owns
// How much of a tree one observation shows and how the rest is reached: a budget in
// characters that grows with the model's context window, and pages cut at line
// boundaries, so a long page is read on (`page`, `nextPage`) instead of cut off.

/** The budget when the model's context window is not known. */
export const DEFAULT_BUDGET_CHARS = 12_000;
const MIN_BUDGET_CHARS = 6_000;
const MAX_BUDGET_CHARS = 40_000;
/** A tree observation may take this share of the context window (about 4 characters a token). */
const CONTEXT_SHARE = 0.08;

/** Characters of tree one observation returns for a model with this context window. */
export function observationBudget(contextWindow: number | undefined): number {
  if (contextWindow === undefined) return DEFAULT_BUDGET_CHARS;
  const chars = Math.floor(contextWindow * 4 * CONTEXT_SHARE);
  return Math.min(MAX_BUDGET_CHARS, Math.max(MIN_BUDGET_CHARS, chars));
}

export interface TreePage {
  /** 1-based. */
  readonly page: number;
  readonly pages: number;
  readonly nextPage: number | null;
  /** Index of the first line on this page and one past the last. */
  readonly start: number;
  readonly end: number;
}

/** Where each page starts: greedy, whole lines, at least one line a page. */
export function pageStarts(lines: readonly string[], budget: number): number[] {
  const starts = [0];
  let used = 0;
  lines.forEach((line, index) => {
    const size = line.length + 1;
    if (used > 0 && used + size > budget) {
      starts.push(index);
      used = 0;
    }
    used += size;
  });
  return starts;
}

/** Page `page` (clamped to the last) of `lines` under `budget`. */
export function pageOf(lines: readonly string[], budget: number, page: number): TreePage {
  const starts = pageStarts(lines, budget);
  const pages = starts.length;
  const shown = Math.min(Math.max(1, page), pages);
  return {
    page: shown,
    pages,
    nextPage: shown < pages ? shown + 1 : null,
    start: starts[shown - 1] ?? 0,
    end: starts[shown] ?? lines.length,
  };
}
