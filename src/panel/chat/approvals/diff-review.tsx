// The editor diff review: file, +N −M, `@@ -a,b +c,d @@` hunk headers, rows with
// old and new line numbers, long lines wrapped. Every string is text (Preact text
// nodes): a hostile line like `<img onerror>` stays text. Apply / Reject are the
// buttons; Ctrl/Cmd+Enter applies and Escape rejects while the review is shown.
import { useEffect, useRef } from 'preact/hooks';
import type { DiffView } from '../../../shared/protocol/diff-view';

/** Props of {@link DiffReview}. */
export interface DiffReviewProps {
  readonly diff: DiffView;
  readonly busy: boolean;
  readonly onApply: () => void;
  readonly onReject: () => void;
}

/** True for the apply shortcut: Ctrl+Enter, or Cmd+Enter on macOS. */
export function isApplyShortcut(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.isComposing;
}

function typingElsewhere(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  // Escape in a non-empty text field belongs to that field, not to the review.
  return target instanceof HTMLTextAreaElement && target.value !== '';
}

/** The review card of a pending edit-review. */
export function DiffReview({ diff, busy, onApply, onReject }: DiffReviewProps) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    root.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (busy || event.defaultPrevented) return;
      if (isApplyShortcut(event)) {
        event.preventDefault();
        onApply();
      } else if (event.key === 'Escape' && !event.isComposing && !typingElsewhere(event)) {
        event.preventDefault();
        onReject();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, onApply, onReject]);
  return (
    <section
      class="review diff-review"
      aria-label={`Review changes to ${diff.fileLabel}`}
      tabIndex={-1}
      ref={root}
      data-testid="diff-review"
    >
      <header class="review-head">
        <span class="diff-file">{diff.fileLabel}</span>
        <span class="diff-add">{`+${diff.additions}`}</span>
        <span class="diff-del">{`\u2212${diff.deletions}`}</span>
      </header>
      <div class="diff-body" role="table" aria-label="Changes">
        {diff.hunks.map((hunk, index) => (
          <div class="diff-hunk" role="rowgroup" key={index}>
            <div
              class="diff-hunk-head"
              role="row"
            >{`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`}</div>
            {hunk.rows.map((row, rowIndex) => (
              <div class={`diff-row diff-${row.kind}`} role="row" key={rowIndex}>
                <span class="diff-ln" role="cell">
                  {row.kind === 'insert' ? '' : String(row.oldLine)}
                </span>
                <span class="diff-ln" role="cell">
                  {row.kind === 'delete' ? '' : String(row.newLine)}
                </span>
                <span
                  class="diff-mark"
                  role="cell"
                  aria-label={
                    row.kind === 'context'
                      ? 'unchanged'
                      : row.kind === 'insert'
                        ? 'added'
                        : 'removed'
                  }
                >
                  {row.kind === 'insert' ? '+' : row.kind === 'delete' ? '\u2212' : ' '}
                </span>
                <span class="diff-text" role="cell">
                  {row.text}
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
      {diff.truncated ? (
        <p class="muted">Some rows are not shown; Apply commits the whole change.</p>
      ) : null}
      <div class="review-actions">
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={onApply}
          data-testid="apply"
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          Apply changes <kbd>Ctrl+Enter</kbd>
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={onReject}
          data-testid="reject"
          aria-keyshortcuts="Escape"
        >
          Reject <kbd>Esc</kbd>
        </button>
      </div>
    </section>
  );
}
