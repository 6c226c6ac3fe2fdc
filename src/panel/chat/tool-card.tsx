// A tool call as one activity row: an icon, what it did in plain words ("Read
// main.typ, lines 1–20") and its state; opening the row shows the tool's name, its
// arguments and its result. Failures say what happened in the person's words, and
// codes stay inside the opened row. Names, arguments, activity lines and summaries come
// from the model, a tool or a page and stay text: Preact sets them as text nodes.
import type { ReadonlySignal } from '@preact/signals';
import { Check, ChevronRight, CircleAlert, CircleSlash, Hand, LoaderCircle } from 'lucide-preact';
import type { ToolCallRecord, ToolCallStatus } from '../../shared/protocol/chat-records';
import { humanizeName } from '../../shared/lib/humanize-name';
import { personError } from '../errors/error-text';
import { maskedCall } from '../markdown/secret-masking';

const STATUS_LABELS: Record<ToolCallStatus, string> = {
  running: 'Running',
  waiting: 'Needs page',
  // The person may be asked to approve, to answer a question or to fill in a form.
  'awaiting-approval': 'Waiting for you',
  done: 'Done',
  failed: 'Failed',
  denied: 'Denied',
  rejected: 'Rejected',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

/** Statuses of a call that has not finished: its summary is its progress, shown on the row. */
const OPEN: ReadonlySet<ToolCallStatus> = new Set(['running', 'waiting', 'awaiting-approval']);

/**
 * Codes of calls our code refused before they ran (the chat's mode or the model's tier
 * does not include the tool), or before anyone saw them (an edit that would add a syntax
 * error, sent back to the model). Their summary is written for the person, so the row
 * shows it and keeps the code inside.
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

/** The row's line: the tool's own words, else its name in words; never raw JSON. */
export function activityText(call: ToolCallRecord): string {
  return call.activity ?? humanizeName(call.name);
}

/** What went wrong, in plain words, for a call that did not do what it was asked. */
function problemText(call: ToolCallRecord): string | null {
  if (call.errorCode === undefined) return null;
  if (REFUSAL_CODES.has(call.errorCode)) return call.summary;
  return personError(call.errorCode).text;
}

function StatusIcon({ status, refused }: { status: ToolCallStatus; refused: boolean }) {
  const props = { 'aria-hidden': true, size: 14, strokeWidth: 2, class: 'activity-icon' } as const;
  if (refused) return <CircleSlash {...props} />;
  if (status === 'done') return <Check {...props} />;
  if (status === 'running') return <LoaderCircle {...props} class="activity-icon spin" />;
  if (status === 'waiting' || status === 'awaiting-approval') return <Hand {...props} />;
  if (status === 'failed') return <CircleAlert {...props} />;
  return <CircleSlash {...props} />;
}

/** One tool call as an activity row. */
export function ToolCard({ call: stored }: { readonly call: ToolCallRecord }) {
  const call = maskedCall(stored);
  const refused = call.errorCode !== undefined && REFUSAL_CODES.has(call.errorCode);
  const text = activityText(call);
  const status = refused ? 'Not done' : statusLabel(call.status);
  const problem = problemText(call);
  const progress = OPEN.has(call.status) && call.summary !== '' ? call.summary : null;
  const hidden = call.argumentsChars - call.argumentsPreview.length;
  return (
    <li
      class={`activity-row tool-card tool-${refused ? 'refused' : call.status}`}
      data-testid="tool-card"
      data-call-id={call.callId}
      aria-label={`${text}: ${status}`}
    >
      <details class="activity-item">
        <summary class="activity-line">
          <ChevronRight aria-hidden="true" size={12} strokeWidth={2} class="activity-chevron" />
          <StatusIcon status={call.status} refused={refused} />
          <span class="activity-text" data-testid="activity-text" title={text}>
            {text}
          </span>
          <span
            class={`tool-status${call.status === 'done' && !refused ? ' sa-visually-hidden' : ''}`}
            data-testid="tool-status"
          >
            {status}
          </span>
        </summary>
        <div class="activity-details" data-testid="activity-details">
          <p class="activity-field">
            <span class="muted">Tool </span>
            <code class="tool-name">{call.name}</code>
          </p>
          {call.argumentsPreview ? (
            <>
              <p class="activity-field muted">Arguments</p>
              <pre class="activity-pre">{call.argumentsPreview}</pre>
              {hidden > 0 ? <p class="muted">{`${hidden} more characters not shown`}</p> : null}
            </>
          ) : null}
          {call.summary && !progress && !refused ? (
            <>
              <p class="activity-field muted">Result</p>
              <p class="tool-summary">{call.summary}</p>
            </>
          ) : null}
          {call.errorCode ? (
            <p class="activity-field muted">
              {'Code '}
              <code data-testid="tool-error-code">{call.errorCode}</code>
            </p>
          ) : null}
        </div>
      </details>
      {progress ? <p class="activity-note tool-summary">{progress}</p> : null}
      {problem !== null ? (
        <p
          class={`activity-note ${refused ? 'activity-refusal' : 'activity-problem'}`}
          data-testid={refused ? 'tool-refusal' : 'tool-problem'}
        >
          {problem}
        </p>
      ) : null}
      {call.receipt ? (
        <p class="activity-note tool-receipt muted">
          {`Edit ${call.receipt.status} in ${call.receipt.fileLabel}${call.receipt.reviewedDiff ? ' (reviewed)' : ''}`}
        </p>
      ) : null}
    </li>
  );
}

/** The activity of one step (a tools segment); re-renders only when its calls change. */
export function ToolCardList({
  calls,
}: {
  readonly calls: ReadonlySignal<readonly ToolCallRecord[]>;
}) {
  const list = calls.value;
  return (
    <ul
      class="tool-cards activity"
      aria-label={list.length === 1 ? 'Activity: 1 step' : `Activity: ${list.length} steps`}
    >
      {list.map((call) => (
        <ToolCard key={call.callId} call={call} />
      ))}
    </ul>
  );
}
