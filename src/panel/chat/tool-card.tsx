// A tool call as a compact card: name, argument preview, status, result summary.
// Names, arguments and summaries come from the model or a tool and stay text:
// Preact sets them as text nodes, never as markup.
import type { ReadonlySignal } from '@preact/signals';
import type { ToolCallRecord, ToolCallStatus } from '../../shared/protocol/chat-records';

const STATUS_LABELS: Record<ToolCallStatus, string> = {
  running: 'Running',
  waiting: 'Needs page',
  'awaiting-approval': 'Awaiting approval',
  done: 'Done',
  failed: 'Failed',
  denied: 'Denied',
  rejected: 'Rejected',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** Characters of the argument preview shown before "more". */
const INLINE_ARGUMENTS_CHARS = 120;

/**
 * Codes of calls our code refused before they ran (the chat's mode or the model's tier
 * does not include the tool), or before anyone saw them (an edit that would add a syntax
 * error, sent back to the model). Their summary is written for the person, so the card
 * shows it as the card's line and keeps the code behind Details.
 */
const REFUSAL_CODES: ReadonlySet<string> = new Set([
  'TOOL_NOT_IN_MODE',
  'TOOL_NOT_IN_TIER',
  'EDIT_SYNTAX_ERROR',
]);

/** The label of a tool-call status. */
export function statusLabel(status: ToolCallStatus): string {
  return STATUS_LABELS[status];
}

/** One tool call. */
export function ToolCard({ call }: { readonly call: ToolCallRecord }) {
  const preview = call.argumentsPreview;
  const inline =
    preview.length > INLINE_ARGUMENTS_CHARS
      ? `${preview.slice(0, INLINE_ARGUMENTS_CHARS)}\u2026`
      : preview;
  const hidden = call.argumentsChars - preview.length;
  const isRefusal = call.errorCode !== undefined && REFUSAL_CODES.has(call.errorCode);
  if (isRefusal) return <RefusedCard call={call} />;
  return (
    <div class={`tool-card tool-${call.status}`} data-testid="tool-card" data-call-id={call.callId}>
      <div class="tool-card-head">
        <span class="tool-name">{call.name}</span>
        <span class="tool-status" data-testid="tool-status">
          {statusLabel(call.status)}
          {call.errorCode ? ` \u00b7 ${call.errorCode}` : ''}
        </span>
      </div>
      {preview ? (
        <details class="tool-args">
          <summary>{inline}</summary>
          <pre>{preview}</pre>
          {hidden > 0 ? <p class="muted">{`${hidden} more characters not shown`}</p> : null}
        </details>
      ) : null}
      {call.summary ? <p class="tool-summary">{call.summary}</p> : null}
      {call.receipt ? (
        <p class="tool-receipt muted">
          {`Edit ${call.receipt.status} in ${call.receipt.fileLabel}${call.receipt.reviewedDiff ? ' (reviewed)' : ''}`}
        </p>
      ) : null}
    </div>
  );
}

/** A call refused before it ran: what was not done in plain words, the code behind Details. */
function RefusedCard({ call }: { readonly call: ToolCallRecord }) {
  return (
    <div class="tool-card tool-refused" data-testid="tool-card" data-call-id={call.callId}>
      <div class="tool-card-head">
        <span class="tool-name">{call.name}</span>
        <span class="tool-status" data-testid="tool-status">
          Not done
        </span>
      </div>
      <p class="tool-summary" data-testid="tool-refusal">
        {call.summary}
      </p>
      <details class="tool-args">
        <summary>Details</summary>
        <p class="muted" data-testid="tool-error-code">
          {call.errorCode}
        </p>
        {call.argumentsPreview ? <pre>{call.argumentsPreview}</pre> : null}
      </details>
    </div>
  );
}

/** The cards of one tools segment; re-renders only when that segment's calls change. */
export function ToolCardList({
  calls,
}: {
  readonly calls: ReadonlySignal<readonly ToolCallRecord[]>;
}) {
  return (
    <div class="tool-cards">
      {calls.value.map((call) => (
        <ToolCard key={call.callId} call={call} />
      ))}
    </div>
  );
}
