// ## Owns
// The step between preparing a document edit and showing it: run the site's checker
// over the proposed text and decide whether the edit goes back to the model (it
// would add a problem, and this response still has returns left), goes on with a note
// for the person, or goes on unchecked (no checker, or it cannot run).
// ## Why bounded
// A model that cannot fix its own mistake must not loop: after MAX_CHECK_RETURNS
// returns in one response the edit is shown anyway, with what is wrong in it, and the
// person decides.
import { applyChanges, type TextChange } from '../../shared/text/text-change';
import type {
  DocumentCheckBook,
  JsonValue,
  ToolOutcome,
  ToolRunContext,
} from '../tools/define-tool';
import { introducedIssues, type DocumentIssue } from './document-check';

/** Edits sent back to the model per response before the next one is shown regardless. */
export const MAX_CHECK_RETURNS = 2;
/** Problems described to the model and the person per edit. */
export const MAX_REPORTED_ISSUES = 5;

/** A problem where the person and the model look for it: 1-based line and column. */
export interface LocatedIssue {
  readonly line: number;
  /** Counted in characters (code points), as a person counts them. */
  readonly column: number;
  readonly message: string;
  readonly hints: readonly string[];
}

/** What the check decided for one edit. */
export type ProposedEditCheck =
  | { readonly kind: 'return'; readonly outcome: ToolOutcome }
  | {
      readonly kind: 'go';
      /** For the person, on the edit's card; null when there is nothing to say. */
      readonly note: string | null;
      /** Problems the edit adds that are shown anyway (the returns ran out). */
      readonly unfixed: readonly LocatedIssue[];
    };

/** Line and column of each issue in `text`, in one pass over the text. */
export function locateIssues(text: string, issues: readonly DocumentIssue[]): LocatedIssue[] {
  const sorted = [...issues].sort((a, b) => a.from - b.from);
  const located: LocatedIssue[] = [];
  let line = 1;
  let lineStart = 0;
  let cursor = 0;
  for (const issue of sorted) {
    const at = Math.min(Math.max(issue.from, 0), text.length);
    for (; cursor < at; cursor += 1) {
      if (text.charCodeAt(cursor) === 10) {
        line += 1;
        lineStart = cursor + 1;
      }
    }
    const column = Array.from(text.slice(lineStart, at)).length + 1;
    located.push({ line, column, message: issue.message, hints: [...issue.hints] });
  }
  return located;
}

const describe = (issues: readonly LocatedIssue[]): string =>
  issues.map((issue) => `line ${issue.line}, column ${issue.column}: ${issue.message}`).join('; ');

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The issues as plain JSON for a tool result. */
export const issuesAsJson = (issues: readonly LocatedIssue[]): JsonValue =>
  issues.map((issue) => ({
    line: issue.line,
    column: issue.column,
    message: issue.message,
    hints: [...issue.hints],
  }));

function bookOf(context: ToolRunContext): DocumentCheckBook {
  context.state.documentCheck ??= { returned: 0, pendingFixes: 0, toldUnavailable: false };
  return context.state.documentCheck;
}

function unavailable(context: ToolRunContext, reason: string): ProposedEditCheck {
  const book = bookOf(context);
  const note = `Syntax check unavailable: ${reason}`;
  // Once per response is enough for the person; each card still carries the note.
  if (!book.toldUnavailable) {
    book.toldUnavailable = true;
    context.interaction.notice('info', `${note} Edits are shown without it.`);
  }
  return { kind: 'go', note, unfixed: [] };
}

function returned(book: DocumentCheckBook, added: readonly LocatedIssue[]): ProposedEditCheck {
  book.returned += 1;
  book.pendingFixes += 1;
  const what = plural(added.length, 'syntax error');
  return {
    kind: 'return',
    outcome: {
      ok: false,
      code: 'EDIT_SYNTAX_ERROR',
      message:
        `This edit would add ${what}, so it was not shown or applied and the document is unchanged. ` +
        `Correct the edit and send it again (positions are in the edited document): ${describe(added)}.`,
      details: {
        syntax_errors: issuesAsJson(added),
        returns_left: MAX_CHECK_RETURNS - book.returned,
      },
      summary: `Sent back to the model: the edit would add ${what} (${describe(added)}). Nothing was shown or applied.`,
    },
  };
}

/** Checks the document `changes` would make of `text`, for the edit flow. */
export async function checkProposedEdit(
  context: ToolRunContext,
  text: string,
  changes: readonly TextChange[],
): Promise<ProposedEditCheck> {
  const checker = context.checkDocument;
  if (!checker) return { kind: 'go', note: null, unfixed: [] };
  const proposed = applyChanges(text, changes);
  const after = await checker.check(proposed, context.signal);
  if (after.kind === 'unavailable') return unavailable(context, after.reason);
  // A proposed text without problems needs no comparison: one parse in the common case.
  let added: readonly DocumentIssue[] = [];
  if (after.issues.length > 0) {
    const before = await checker.check(text, context.signal);
    if (before.kind === 'unavailable') return unavailable(context, before.reason);
    added = introducedIssues(before.issues, after.issues, changes);
  }
  const book = bookOf(context);
  const located = locateIssues(proposed, added.slice(0, MAX_REPORTED_ISSUES));
  if (located.length > 0 && book.returned < MAX_CHECK_RETURNS) return returned(book, located);
  const isReviewed = context.editMode === 'ask';
  if (located.length > 0) {
    const note = `${isReviewed ? 'Shown' : 'Applied'} with ${plural(added.length, 'syntax error')} the model did not fix: ${describe(located)}.`;
    context.interaction.notice('warning', note);
    book.pendingFixes = 0;
    return { kind: 'go', note, unfixed: located };
  }
  const fixed = book.pendingFixes;
  book.pendingFixes = 0;
  return {
    kind: 'go',
    note:
      fixed > 0
        ? `Fixed ${plural(fixed, 'syntax error')} before ${isReviewed ? 'review' : 'applying'}.`
        : null,
    unfixed: [],
  };
}
