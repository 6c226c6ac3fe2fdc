// ## Owns
// What a running tool may ask of the person through the panel: page waits, edit
// reviews, notices, progress, integration forms and sign-ins, and the agent's own
// questions. The run implements it; tools only call it.
import type { DiffView } from '../../shared/protocol/diff-view';
import type { PendingInteraction } from '../../shared/protocol/run-messages';

/** Waits that the person can see and answer in the panel. */
export interface RunInteraction {
  /**
   * Shows `pending` (a page-wait) and re-runs `isReady` on page events and on Retry
   * until it says true. Resolves `ready`, or `skipped` when the person pressed Skip.
   * Times out with a code; Stop rejects with CANCELLED.
   */
  waitForPage(
    pending: Extract<PendingInteraction, { kind: 'page-wait' }>,
    isReady: () => Promise<boolean>,
  ): Promise<'ready' | 'skipped'>;
  /** Ask mode: shows the diff (panel and editor overlay) and waits for Apply or Reject. */
  reviewEdit(callId: string, toolName: string, diff: DiffView): Promise<'apply' | 'reject'>;
  /** Something the person should know that does not stop the tool. */
  notice(level: 'info' | 'warning', message: string): void;
  /**
   * The run's tab no longer shows the run's page: shows why, with Retry and Stop, and
   * resolves the answer ('timeout' after the wait limit).
   */
  pauseForPage(
    pending: Extract<PendingInteraction, { kind: 'scope-wait' }>,
  ): Promise<'retry' | 'stop' | 'timeout'>;
  /**
   * A long tool's progress, shown on its activity row. Callers may report often;
   * the run coalesces updates. Absent where nobody watches (probes, tests).
   */
  progress?(update: ToolProgress): void;
  /**
   * An integration asks the person a question (MCP form elicitation): shows the
   * form and resolves with their answer. Absent where nobody can answer.
   */
  askForm?(request: ToolFormRequest, signal: AbortSignal): Promise<ToolFormAnswer>;
  /**
   * An integration needs the person to sign in: shows "Sign in to <source>" with
   * Skip and resolves their answer ('timeout' after the wait limit). Absent where
   * nobody can answer.
   */
  askSignIn?(
    request: { readonly source: string; readonly message: string },
    signal: AbortSignal,
  ): Promise<'sign-in' | 'skip' | 'timeout'>;
  /**
   * The agent asks the person a question (the clarify tool): resolves their answer,
   * or null when they dismissed it or did not answer in time. Absent where nobody can
   * answer.
   */
  askPerson?(
    request: { readonly question: string; readonly options: readonly string[] },
    signal: AbortSignal,
  ): Promise<
    | { readonly answer: string; readonly chosenBy: 'person' | 'timeout' }
    | { readonly answer: null; readonly reason: 'dismissed' | 'timeout' }
  >;
}

/** One progress report of a running tool. */
export interface ToolProgress {
  readonly progress: number;
  readonly total?: number | undefined;
  readonly message?: string | undefined;
}

/** A question from an integration: who asks, what, and the fields to fill in. */
export interface ToolFormRequest {
  readonly source: string;
  readonly message: string;
  readonly fields: readonly ToolFormField[];
}

/** One form field; only primitive kinds (what MCP form elicitation allows). */
export interface ToolFormField {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi';
  readonly required: boolean;
  /** The values of an `enum` or `multi` field, and what to show for each. */
  readonly options?: readonly string[];
  readonly optionLabels?: readonly string[];
  readonly defaultValue?: ToolFormValue;
}

/** One answer: text, a number, yes/no, or the chosen values of a multi-select. */
export type ToolFormValue = string | number | boolean | readonly string[];

/** A form value as a plain mutable JSON value (message schemas take mutable arrays). */
export const copyFormValue = (value: ToolFormValue): string | number | boolean | string[] =>
  typeof value === 'object' ? [...value] : value;

/** The person's answer to a form. */
export type ToolFormAnswer =
  | {
      readonly action: 'accept';
      readonly content: Readonly<Record<string, ToolFormValue>>;
    }
  | { readonly action: 'decline' | 'cancel' };
