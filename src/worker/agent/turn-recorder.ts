// ## Owns
// The assistant turn as it grows during a run, in the stored shape (segments of
// text, reasoning and tool calls). It is what the run saves as it goes, what
// `run/status` snapshots, and what a later run's context is built from.
// ## Why bounded here
// Every stored field has a schema bound (chat-records.ts); trimming with a marker
// while recording keeps the turn savable no matter what the model streams .
import {
  MAX_ACTIVITY_CHARS,
  MAX_ARGUMENTS_PREVIEW_CHARS,
  MAX_SEGMENTS_PER_TURN,
  MAX_TOOL_CALLS_PER_SEGMENT,
  MAX_TOOL_SUMMARY_CHARS,
  MAX_TURN_NOTICES,
  MAX_TURN_TEXT_CHARS,
  type AssistantTurn,
  type TurnNotice,
  type Segment,
  type ToolCallRecord,
} from '../../shared/protocol/chat-records';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { RunPlan } from '../../shared/protocol/run-plan';
import { hasWorkingMemory, type WorkingMemory } from '../../shared/protocol/working-memory';

export type TurnStatus = AssistantTurn['status'];

/** Cuts `text` to `max` code units, never inside a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

export function createTurnRecorder(init: {
  id: string;
  runId: string;
  createdAt: number;
  /** A stored turn to go on recording (a run resumed by a new worker). */
  from?: AssistantTurn;
}) {
  const from = init.from ? structuredClone(init.from) : undefined;
  const segments: Segment[] = from?.segments ?? [];
  const trimmed = new Set<string>(from?.trimmed ?? []);
  const calls = new Map<string, ToolCallRecord>();
  for (const segment of segments)
    if (segment.kind === 'tools') for (const call of segment.calls) calls.set(call.callId, call);
  let status: TurnStatus = 'incomplete';
  let error: ProtocolError | undefined;
  let plan: RunPlan | undefined = from?.plan;
  let memory: WorkingMemory | undefined = from?.memory;
  let usage: AssistantTurn['usage'] = from?.usage;
  const notices: TurnNotice[] = from?.notices ?? [];
  let result: string | undefined = from?.result?.json;

  const openSegment = (segment: Segment): boolean => {
    if (segments.length >= MAX_SEGMENTS_PER_TURN) {
      trimmed.add('segments');
      return false;
    }
    segments.push(segment);
    return true;
  };

  return {
    appendText(kind: 'text' | 'reasoning', text: string) {
      if (text === '') return;
      let last = segments.at(-1);
      if (!last || last.kind !== kind) {
        if (!openSegment({ kind, text: '' })) return;
        last = segments.at(-1);
      }
      if (!last || last.kind !== kind) return;
      const room = MAX_TURN_TEXT_CHARS - last.text.length;
      if (text.length > room) trimmed.add(kind);
      last.text += clip(text, Math.max(0, room));
    },
    /** Records a call the model made; later updates change it in place. */
    addToolCall(record: ToolCallRecord) {
      const bounded: ToolCallRecord = {
        ...record,
        argumentsPreview: clip(record.argumentsPreview, MAX_ARGUMENTS_PREVIEW_CHARS),
        summary: clip(record.summary, MAX_TOOL_SUMMARY_CHARS),
      };
      let last = segments.at(-1);
      if (!last || last.kind !== 'tools' || last.calls.length >= MAX_TOOL_CALLS_PER_SEGMENT) {
        if (!openSegment({ kind: 'tools', calls: [] })) return;
        last = segments.at(-1);
      }
      if (!last || last.kind !== 'tools') return;
      last.calls.push(bounded);
      calls.set(record.callId, bounded);
    },
    updateToolCall(
      callId: string,
      patch: Partial<
        Pick<
          ToolCallRecord,
          'status' | 'summary' | 'errorCode' | 'receipt' | 'activity' | 'argumentsPreview'
        >
      >,
    ) {
      const record = calls.get(callId);
      if (!record) return;
      if (patch.status !== undefined) record.status = patch.status;
      if (patch.summary !== undefined) record.summary = clip(patch.summary, MAX_TOOL_SUMMARY_CHARS);
      if (patch.errorCode !== undefined) record.errorCode = patch.errorCode;
      if (patch.receipt !== undefined) record.receipt = patch.receipt;
      if (patch.activity !== undefined) record.activity = clip(patch.activity, MAX_ACTIVITY_CHARS);
      if (patch.argumentsPreview !== undefined)
        record.argumentsPreview = clip(patch.argumentsPreview, MAX_ARGUMENTS_PREVIEW_CHARS);
    },
    /** Marks data the run knowingly left out (e.g. a finish reason of `length`). */
    mark(marker: string) {
      trimmed.add(marker.slice(0, 64));
    },
    /** The plan the person approved before the run acted (kept with the answer). */
    setPlan(approved: RunPlan) {
      plan = structuredClone(approved);
    },
    /** The run's scratchpad and ledger as they stand (kept with the answer). */
    setMemory(next: WorkingMemory) {
      memory = hasWorkingMemory(next) ? structuredClone(next) : undefined;
    },
    /** A warning the person was given during the run, kept with the answer (bounded, once each). */
    addNotice(notice: TurnNotice) {
      // Info notices (the plan approved, tokens used) repeat what the answer shows already.
      if (notice.level === 'info') return;
      const kept = { ...notice, message: clip(notice.message, 500) };
      if (notices.length >= MAX_TURN_NOTICES) return;
      if (notices.some((seen) => seen.code === kept.code && seen.message === kept.message)) return;
      notices.push(kept);
    },
    /** The data the run handed back in the format its message asked for (checked already). */
    setResult(json: string) {
      result = json;
    },
    /** The accepted data's JSON, kept across a resume; undefined before any. */
    result: () => result,
    /** What the answer's model calls spent so far; `costUsd` when their prices are known. */
    setUsage(spent: NonNullable<AssistantTurn['usage']>, costUsd: number | null = null) {
      usage = {
        inputTokens: Math.round(spent.inputTokens),
        outputTokens: Math.round(spent.outputTokens),
        estimated: spent.estimated,
        ...(costUsd !== null ? { costUsd } : {}),
      };
    },
    finish(next: TurnStatus, failure?: ProtocolError) {
      status = next;
      error = failure;
    },
    /** A deep copy in the stored shape. */
    snapshot(): AssistantTurn {
      const turn: AssistantTurn = {
        id: init.id,
        role: 'assistant',
        createdAt: init.createdAt,
        runId: init.runId,
        status,
        segments: structuredClone(segments),
      };
      if (error) turn.error = { ...error, message: clip(error.message, 2_000) };
      if (trimmed.size > 0) turn.trimmed = [...trimmed].slice(0, 16);
      if (plan) turn.plan = structuredClone(plan);
      if (memory) turn.memory = structuredClone(memory);
      if (usage) turn.usage = { ...usage };
      if (result !== undefined) turn.result = { json: result };
      // The error's own notice is said by its banner already.
      const told = notices.filter((notice) => !error || notice.code !== error.code);
      if (told.length > 0) turn.notices = told.map((notice) => ({ ...notice }));
      return turn;
    },
  };
}

export type TurnRecorder = ReturnType<typeof createTurnRecorder>;
