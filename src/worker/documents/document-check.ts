// ## Owns
// The site hook that checks a proposed document before a person reviews it (a
// language's parser run over the whole text), and the one answer to "did this edit
// add a problem?": problems of the proposed text that the current text did not have
// at the same place with the same message, where "the same place" is the current
// problem's position carried through the edit's changes.
// ## Why compare instead of refusing every problem
// Documents are often mid-work and already broken somewhere; an edit that leaves an
// old problem where it was must pass, or the model would be told to fix what it never
// touched.
import type { TextChange } from '../../shared/text/text-change';

/** One problem a checker found, at UTF-16 offsets of the text it checked. */
export interface DocumentIssue {
  readonly from: number;
  readonly to: number;
  /** The checker's own words, e.g. "unclosed delimiter". */
  readonly message: string;
  readonly hints: readonly string[];
}

/** What checking one text gave. */
export type DocumentCheck =
  | { readonly kind: 'checked'; readonly issues: readonly DocumentIssue[] }
  /** The checker could not run on this text (not loaded, or the text is too large). */
  | { readonly kind: 'unavailable'; readonly reason: string };

/** A site's checker for the documents its page offers. */
export interface DocumentChecker {
  /** Checks `text`; never throws for a problem in the text, only reports it. */
  check(text: string, signal: AbortSignal): Promise<DocumentCheck>;
}

/**
 * Where `offset` of the text before `changes` is in the text after them, or null when
 * the changes replaced the character there. An insertion at `offset` moves it.
 */
export function mapOffset(offset: number, changes: readonly TextChange[]): number | null {
  let shift = 0;
  for (const change of changes) {
    if (offset < change.from) break;
    if (offset < change.to) return null;
    shift += change.insert.length - (change.to - change.from);
  }
  return offset + shift;
}

const keyOf = (from: number, message: string) => `${from}\u0000${message}`;

/**
 * The problems of the proposed text that the current text did not have: each
 * current problem that survives the edit cancels one proposed problem with the same
 * message at its carried position (a multiset, so two equal problems need two).
 */
export function introducedIssues(
  before: readonly DocumentIssue[],
  after: readonly DocumentIssue[],
  changes: readonly TextChange[],
): DocumentIssue[] {
  const carried = new Map<string, number>();
  for (const issue of before) {
    const from = mapOffset(issue.from, changes);
    if (from === null) continue;
    const key = keyOf(from, issue.message);
    carried.set(key, (carried.get(key) ?? 0) + 1);
  }
  return after.filter((issue) => {
    const key = keyOf(issue.from, issue.message);
    const count = carried.get(key) ?? 0;
    if (count === 0) return true;
    carried.set(key, count - 1);
    return false;
  });
}
