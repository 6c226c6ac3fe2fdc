// ## Owns
// The payloads of a run as it crosses between panel and worker: reservation and
// start (panel -> worker), and the live run events (worker -> panel). Declared here
// once; panel-to-worker.ts and worker-to-panel.ts put them on their channels.
import { z } from '../schema/zod';
import {
  IdSchema,
  TabIdSchema,
  TimestampSchema,
  boundedArray,
  boundedString,
} from '../schema/bounded';
import {
  AssistantTurnSchema,
  AttachmentRecordSchema,
  ChatScopeSchema,
  EditReceiptSchema,
  FileIdentitySchema,
  MAX_ACTIVITY_CHARS,
  MAX_ARGUMENTS_PREVIEW_CHARS,
  MAX_TOOL_SUMMARY_CHARS,
  ToolCallStatusSchema,
} from './chat-records';
import { AgentModeSchema } from './agent-modes';
import { DiffViewSchema } from './diff-view';
import { PlanReviewPendingShape, RunPlanSchema } from './run-plan';
import { WorkingMemorySchema } from './working-memory';
import { ProtocolErrorSchema } from './envelope';
import { HostPatternSchema } from './site-access-messages';
import { MAX_STREAM_PARTS_PER_BATCH, MAX_STREAM_TEXT_PER_PART } from './limits';
import type { MethodSpec } from './define-channel';

/** Ask: every editor write waits for a reviewed diff. Auto: prepared and applied without the wait. */
/** Characters of an action's exact text (a script's code) its approval card shows. */
export const MAX_ACTION_DETAIL_CHARS = 10_000;

export const EditModeSchema = z.enum(['ask', 'auto']);
export type EditMode = z.infer<typeof EditModeSchema>;

/** A selection as document offsets: `anchor` where it started, `head` where the caret is. */
export const SelectionRangeSchema = z.strictObject({
  anchor: z.number().int().min(0),
  head: z.number().int().min(0),
});

/** The exact identity a run is reserved and started with. */
export const RunIdentitySchema = z.strictObject({
  tabId: TabIdSchema,
  scope: ChatScopeSchema,
  sessionId: IdSchema,
});
export type RunIdentity = z.infer<typeof RunIdentitySchema>;

/** Attachments the model sees this turn (full images are transient, never stored). */
export const RunAttachmentSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('selection'),
    text: boundedString(65_536),
    fileLabel: boundedString(240).nullable(),
  }),
  z.strictObject({
    kind: z.literal('image'),
    source: z.enum(['preview', 'opened-image']),
    dataUrl: boundedString(2_097_152).regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/),
    width: z.number().int().min(1).max(4_096),
    height: z.number().int().min(1).max(4_096),
  }),
]);
export type RunAttachment = z.infer<typeof RunAttachmentSchema>;

export const RunStartRequestSchema = z.strictObject({
  ...RunIdentitySchema.shape,
  /** The user turn the panel saved after reserving; the worker re-reads the session. */
  userTurnId: IdSchema,
  modelId: IdSchema,
  editMode: EditModeSchema,
  /**
   * The chat's agent mode at Send, on sites with the Ask / Act / Dev control. Absent
   * there (an older panel) means Ask; ignored on sites without the control.
   */
  agentMode: AgentModeSchema.optional(),
  file: FileIdentitySchema.nullable(),
  /** The document selection at Send (offsets), for tools that edit "the selection". */
  selection: SelectionRangeSchema.nullable(),
  attachments: boundedArray(RunAttachmentSchema, 20),
  /** Stored summaries of the attachments, as the user turn records them. */
  attachmentRecords: boundedArray(AttachmentRecordSchema, 32),
});
export type RunStartRequest = z.infer<typeof RunStartRequestSchema>;

/** Everything the panel needs to show a run that is already going (panel reopened). */
export const RunSnapshotSchema = z.strictObject({
  runId: IdSchema,
  identity: RunIdentitySchema,
  /** The assistant turn so far, in the stored shape. */
  turn: AssistantTurnSchema,
  /** The stream sequence the snapshot includes; later batches continue from here. */
  sequence: z.number().int().min(0),
  pending: z.lazy(() => PendingInteractionSchema).nullable(),
});
export type RunSnapshot = z.infer<typeof RunSnapshotSchema>;

const ToolCardShape = {
  callId: boundedString(128),
  name: boundedString(128),
};

/** A form field an integration asks the person to fill in (primitive kinds only). */
export const FormFieldSchema = z.strictObject({
  name: boundedString(120),
  title: boundedString(120),
  description: boundedString(500),
  kind: z.enum(['string', 'number', 'integer', 'boolean', 'enum', 'multi']),
  required: z.boolean(),
  options: boundedArray(boundedString(200), 50).optional(),
  optionLabels: boundedArray(boundedString(200), 50).optional(),
  defaultValue: z
    .union([boundedString(10_000), z.number(), z.boolean(), boundedArray(boundedString(200), 50)])
    .optional(),
});
export type FormField = z.infer<typeof FormFieldSchema>;

/** The person's answers to a form: at most 40 fields, text, numbers and yes/no. */
export const FormContentSchema = z
  .record(
    boundedString(120),
    z.union([boundedString(10_000), z.number(), z.boolean(), boundedArray(boundedString(200), 50)]),
  )
  .refine((content) => Object.keys(content).length <= 40, 'At most 40 fields.');
export type FormContent = z.infer<typeof FormContentSchema>;

/** Bounds of a question the agent asks the person (the clarify tool). */
export const MAX_CLARIFY_QUESTION_CHARS = 1_000;
export const MAX_CLARIFY_OPTION_CHARS = 200;
export const MAX_CLARIFY_OPTIONS = 4;

/** What a run waits for from the person: a diff review, an approval, a page state, or its page back. */
export const PendingInteractionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('edit-review'), ...ToolCardShape, diff: DiffViewSchema }),
  z.strictObject({
    kind: z.literal('external-approval'),
    ...ToolCardShape,
    integration: boundedString(200),
    destination: boundedString(2_048),
    argumentsPreview: boundedString(MAX_ARGUMENTS_PREVIEW_CHARS),
  }),
  z.strictObject({
    /**
     * A page action that needs the person first: what will happen in plain words
     * ("Click 'Place order' on shop.example — $129.00"), why it asks, and the full
     * address when the action goes somewhere. Approve once, Allow for this run (only
     * when `allowRun`), or Deny.
     */
    kind: z.literal('action-approval'),
    ...ToolCardShape,
    effect: boundedString(500),
    reason: boundedString(500),
    destination: boundedString(2_048),
    /** The exact text the action carries (a script's code), shown as is. */
    detail: boundedString(MAX_ACTION_DETAIL_CHARS).optional(),
    /** The detail is the person's own data: shown on the card, never recorded. */
    detailIsPrivate: z.literal(true).optional(),
    allowRun: z.boolean(),
    argumentsPreview: boundedString(MAX_ARGUMENTS_PREVIEW_CHARS),
  }),
  z.strictObject({
    /** The run's tab no longer shows the page the run works on: Retry or Stop. */
    kind: z.literal('scope-wait'),
    ...ToolCardShape,
    reason: z.enum(['other-scope', 'navigated']),
    message: boundedString(500),
  }),
  z.strictObject({
    kind: z.literal('page-wait'),
    ...ToolCardShape,
    reason: z.enum(['capability', 'return-to-file', 'open-file']),
    /** What the person should do, e.g. "Open the Files panel". */
    message: boundedString(500),
    missing: boundedArray(boundedString(64), 8),
  }),
  z.strictObject({
    kind: z.literal('integration-form'),
    ...ToolCardShape,
    /** Who asks, e.g. "MCP Files"; the panel labels the form as the server's question. */
    source: boundedString(200),
    message: boundedString(2_000),
    fields: boundedArray(FormFieldSchema, 40),
  }),
  z.strictObject({
    /**
     * The agent asks the person a question mid-run (the clarify tool): up to four
     * answers to pick, or their own words. Answered with `accept` and
     * `{answer}`; `cancel` leaves it unanswered. Question and options are model text.
     */
    kind: z.literal('clarify'),
    ...ToolCardShape,
    question: boundedString(MAX_CLARIFY_QUESTION_CHARS),
    options: boundedArray(boundedString(MAX_CLARIFY_OPTION_CHARS), MAX_CLARIFY_OPTIONS),
  }),
  z.strictObject({
    /** An integration needs a sign-in before the call can run: Sign in or Skip. */
    kind: z.literal('integration-sign-in'),
    ...ToolCardShape,
    source: boundedString(200),
    message: boundedString(1_000),
  }),
  /**
   * The plan of an Act or Dev run before it acts: the person edits the steps, then
   * approves (`accept` with the edited `plan`) or rejects (`reject`) it.
   */
  z.strictObject(PlanReviewPendingShape),
]);
export type PendingInteraction = z.infer<typeof PendingInteractionSchema>;

export const ApprovalDecisionSchema = z.enum([
  'apply',
  'reject',
  'approve-once',
  'allow-run',
  'deny',
  'retry',
  'skip',
  'stop',
  'accept',
  'decline',
  'cancel',
  'sign-in',
]);
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/** Hosts of unread frames one run offers the person to allow, at most. */
export const MAX_FRAME_SITE_OFFERS = 5;

/** The site of a frame left unread because the person has not allowed it. */
export const FrameSiteOfferSchema = z.strictObject({
  host: boundedString(260),
  pattern: HostPatternSchema,
  /** The browser already grants the host (for another reason): no prompt needed. */
  browserGranted: z.boolean(),
});
export type FrameSiteOffer = z.infer<typeof FrameSiteOfferSchema>;

/** Worker -> panel run events. All are run-scoped. */
export const RunEventPayloads = {
  'run/start': z.strictObject({ identity: RunIdentitySchema, assistantTurnId: IdSchema }),
  'run/stream': z.strictObject({
    sequence: z.number().int().min(0),
    parts: boundedArray(
      z.strictObject({
        channel: z.enum(['text', 'reasoning']),
        text: boundedString(MAX_STREAM_TEXT_PER_PART),
      }),
      MAX_STREAM_PARTS_PER_BATCH,
    ),
  }),
  'run/tool-call': z.strictObject({
    ...ToolCardShape,
    argumentsPreview: boundedString(MAX_ARGUMENTS_PREVIEW_CHARS),
    argumentsChars: z.number().int().min(0),
  }),
  'run/tool-status': z.strictObject({
    ...ToolCardShape,
    status: ToolCallStatusSchema,
    summary: boundedString(MAX_TOOL_SUMMARY_CHARS),
    errorCode: boundedString(64).optional(),
    receipt: EditReceiptSchema.optional(),
    /** The call's activity line in plain words (tool output: the panel shows it as text). */
    activity: boundedString(MAX_ACTIVITY_CHARS).optional(),
    /**
     * Hosts of frames the call left unread because the person has not allowed their
     * sites; the panel offers "Also allow <host>" for each (at most 5 per run).
     */
    frameSites: boundedArray(FrameSiteOfferSchema, MAX_FRAME_SITE_OFFERS).optional(),
  }),
  'run/pending': z.strictObject({ pending: PendingInteractionSchema.nullable() }),
  'run/memory': z.strictObject({
    plan: RunPlanSchema.optional(),
    memory: WorkingMemorySchema,
  }),
  'run/notice': z.strictObject({
    level: z.enum(['info', 'warning', 'error']),
    code: boundedString(64).optional(),
    message: boundedString(2_000),
  }),
  'run/resumed': z.strictObject({
    runId: IdSchema,
    sessionId: IdSchema,
    assistantTurnId: IdSchema,
  }),
  'run/end': z.strictObject({
    status: z.enum(['done', 'error', 'cancelled']),
    error: ProtocolErrorSchema.optional(),
    sessionId: IdSchema,
    assistantTurnId: IdSchema,
  }),
} as const;

/**
 * Panel -> worker run methods. The agent core spreads these into the
 * panel-to-worker channel together with their handlers.
 */
export const runRequestMethods = {
  /**
   * Reserves a run before the panel saves the user turn. One reserved-or-active run
   * per (scope, session); other chats are independent.
   */
  'run/reserve': {
    runScoped: true,
    request: RunIdentitySchema,
    response: z.strictObject({ reserved: z.literal(true), expiresAt: TimestampSchema }),
  },
  /** Starts a reserved run; the identity must equal the reservation exactly. */
  'run/start': {
    runScoped: true,
    request: RunStartRequestSchema,
    response: z.strictObject({ started: z.boolean(), cancelled: z.boolean() }),
  },
  /** Stops a reserved or active run. Exactly one terminal event follows for a started run. */
  'run/cancel': {
    runScoped: true,
    request: z.strictObject({}),
    response: z.strictObject({ cancelled: z.boolean() }),
  },
  /** The active run of a chat, if any, with everything needed to show it live. */
  'run/status': {
    request: z.strictObject({ scope: ChatScopeSchema, sessionId: IdSchema }),
    response: RunSnapshotSchema.nullable(),
  },
  /** The person's answer to a pending interaction, correlated by exact (runId, callId). */
  'run/resolve': {
    runScoped: true,
    request: z.strictObject({
      callId: boundedString(128),
      decision: ApprovalDecisionSchema,
      /** The filled-in form, with `accept` on an integration form. */
      content: FormContentSchema.optional(),
      /** The plan as the person approved it (edited or not), with `accept` on a plan review. */
      plan: RunPlanSchema.optional(),
    }),
    response: z.strictObject({ accepted: z.boolean() }),
  },
} as const satisfies Record<string, MethodSpec>;
