// ## Owns
// Keeping chats savable: bounding a turn to the stored schema and trimming optional
// data (thumbnails, tool details, argument previews, reasoning) with visible markers.
// ## Why trim instead of refusing
// The reference refused a whole save over one 16 KB tool argument and at the 1 MiB
// body cap, so every later save of that chat failed.
// Here no limit makes a chat unsavable: optional data goes first, with a marker, and
// oversized user text is cut with a visible note rather than failing the save.
import {
  MAX_ARGUMENTS_PREVIEW_CHARS,
  MAX_SEGMENTS_PER_TURN,
  MAX_THUMBNAIL_CHARS,
  MAX_TOOL_CALLS_PER_SEGMENT,
  MAX_TOOL_SUMMARY_CHARS,
  MAX_TURN_TEXT_CHARS,
  type AssistantTurn,
  type AttachmentRecord,
  type ChatTurn,
  type Segment,
  type ToolCallRecord,
  type UserTurn,
} from '../../shared/protocol/chat-records';
import { MAX_FILE_LABEL_CHARS } from '../../shared/protocol/limits';

/** Soft budget per chat (1 MiB per chat body); exceeding it trims, never refuses. */
export const MAX_CHAT_BYTES = 1_048_576;
/** Stored thumbnails per user message (two of 200 KiB). */
export const MAX_THUMBNAILS_PER_TURN = 2;
/** Selections keep this much text once a chat is over budget. */
const TRIMMED_SELECTION_CHARS = 2_000;
const THUMBNAIL_PATTERN = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/;
const THUMBNAIL_REMOVED = 'Thumbnail removed to keep this chat within its storage budget.';

/** Approximate UTF-8 size of a value's JSON form (what a save costs). */
export function approxBytes(value: unknown): number {
  const text = JSON.stringify(value) ?? '';
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    // Surrogate halves count 2 each (4 per pair); other non-ASCII 1 or 2 extra.
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** Cuts `text` to `max` characters, ending with a visible note of what was dropped. */
export function truncateWithMarker(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = (dropped: number) => `\n\n[Side Agent: ${dropped} more characters were not saved.]`;
  const keep = Math.max(0, max - note(text.length).length);
  return text.slice(0, keep) + note(text.length - keep);
}

const clip = (text: string, max: number) => (text.length <= max ? text : text.slice(0, max));

function addMarkers(turn: AssistantTurn, markers: readonly string[]): AssistantTurn {
  if (markers.length === 0) return turn;
  const merged = [...new Set([...(turn.trimmed ?? []), ...markers])].slice(0, 16);
  return { ...turn, trimmed: merged };
}

function boundAttachment(attachment: AttachmentRecord): AttachmentRecord {
  if (attachment.kind === 'selection') {
    const fileLabel =
      attachment.fileLabel === null ? null : clip(attachment.fileLabel, MAX_FILE_LABEL_CHARS);
    return { ...attachment, text: truncateWithMarker(attachment.text, 32_000), fileLabel };
  }
  const bounded = { ...attachment };
  if (bounded.omittedReason !== undefined) bounded.omittedReason = clip(bounded.omittedReason, 300);
  if (
    bounded.thumbnail !== null &&
    (bounded.thumbnail.length > MAX_THUMBNAIL_CHARS || !THUMBNAIL_PATTERN.test(bounded.thumbnail))
  ) {
    bounded.thumbnail = null;
    bounded.omittedReason = 'Thumbnail was too large or not a local image and was not saved.';
  }
  return bounded;
}

function boundUserTurn(turn: UserTurn): UserTurn {
  const file =
    turn.file === null
      ? null
      : {
          ...turn.file,
          path: clip(turn.file.path, MAX_FILE_LABEL_CHARS),
          projectLabel: turn.file.projectLabel === null ? null : clip(turn.file.projectLabel, 160),
        };
  let thumbnails = 0;
  const attachments = turn.attachments.slice(0, 32).map((attachment) => {
    const bounded = boundAttachment(attachment);
    if (bounded.kind !== 'image' || bounded.thumbnail === null) return bounded;
    thumbnails += 1;
    // Seed retention: at most two stored thumbnails per user message.
    return thumbnails <= MAX_THUMBNAILS_PER_TURN
      ? bounded
      : { ...bounded, thumbnail: null, omittedReason: 'Only two thumbnails are kept per message.' };
  });
  return { ...turn, text: truncateWithMarker(turn.text, MAX_TURN_TEXT_CHARS), file, attachments };
}

function boundCall(call: ToolCallRecord, markers: Set<string>): ToolCallRecord {
  const bounded: ToolCallRecord = {
    ...call,
    callId: clip(call.callId, 128),
    name: clip(call.name, 128),
  };
  if (call.argumentsPreview.length > MAX_ARGUMENTS_PREVIEW_CHARS) {
    bounded.argumentsPreview = call.argumentsPreview.slice(0, MAX_ARGUMENTS_PREVIEW_CHARS);
    bounded.argumentsChars = Math.max(call.argumentsChars, call.argumentsPreview.length);
    markers.add('arguments-preview');
  }
  if (call.summary.length > MAX_TOOL_SUMMARY_CHARS) {
    bounded.summary = truncateWithMarker(call.summary, MAX_TOOL_SUMMARY_CHARS);
    markers.add('tool-summary');
  }
  if (call.errorCode !== undefined) bounded.errorCode = clip(call.errorCode, 64);
  if (call.receipt !== undefined) {
    const receipt = {
      ...call.receipt,
      fileLabel: clip(call.receipt.fileLabel, MAX_FILE_LABEL_CHARS),
    };
    if (receipt.unavailableReason !== undefined)
      receipt.unavailableReason = clip(receipt.unavailableReason, 300);
    bounded.receipt = receipt;
  }
  return bounded;
}

function boundSegment(segment: Segment, markers: Set<string>): Segment {
  if (segment.kind === 'tools') {
    if (segment.calls.length > MAX_TOOL_CALLS_PER_SEGMENT) markers.add('tool-calls');
    return {
      kind: 'tools',
      calls: segment.calls
        .slice(0, MAX_TOOL_CALLS_PER_SEGMENT)
        .map((call) => boundCall(call, markers)),
    };
  }
  if (segment.text.length > MAX_TURN_TEXT_CHARS) markers.add(segment.kind);
  return { kind: segment.kind, text: truncateWithMarker(segment.text, MAX_TURN_TEXT_CHARS) };
}

function boundAssistantTurn(turn: AssistantTurn): AssistantTurn {
  const markers = new Set<string>();
  if (turn.segments.length > MAX_SEGMENTS_PER_TURN) markers.add('segments');
  const segments = turn.segments
    .slice(0, MAX_SEGMENTS_PER_TURN)
    .map((segment) => boundSegment(segment, markers));
  const bounded: AssistantTurn = { ...turn, segments };
  if (turn.error !== undefined)
    bounded.error = { ...turn.error, message: clip(turn.error.message, 2_000) };
  if (turn.editorEvents !== undefined) bounded.editorEvents = turn.editorEvents.slice(0, 16);
  return addMarkers(bounded, [...markers]);
}

/** Bounds a turn to the stored schema; anything cut is marked, nothing is refused. */
export function boundTurn(turn: ChatTurn): ChatTurn {
  return turn.role === 'user' ? boundUserTurn(turn) : boundAssistantTurn(turn);
}

/** How much optional data to drop: tool details and thumbnails, or also reasoning. */
export type TrimLevel = 'details' | 'reasoning';

function trimUserTurn(turn: UserTurn): UserTurn {
  const attachments = turn.attachments.map((attachment): AttachmentRecord => {
    if (attachment.kind === 'selection')
      return { ...attachment, text: truncateWithMarker(attachment.text, TRIMMED_SELECTION_CHARS) };
    return attachment.thumbnail === null
      ? attachment
      : { ...attachment, thumbnail: null, omittedReason: THUMBNAIL_REMOVED };
  });
  return { ...turn, attachments };
}

function trimAssistantTurn(turn: AssistantTurn, level: TrimLevel): AssistantTurn {
  const markers = new Set<string>();
  const segments: Segment[] = [];
  for (const segment of turn.segments) {
    if (segment.kind === 'reasoning' && level === 'reasoning' && segment.text !== '') {
      markers.add('reasoning');
      continue;
    }
    if (segment.kind !== 'tools') {
      segments.push(segment);
      continue;
    }
    const calls = segment.calls.map((call) => {
      if (call.summary === '' && call.argumentsPreview === '') return call;
      markers.add('tool-details');
      return { ...call, summary: '', argumentsPreview: '' };
    });
    segments.push({ kind: 'tools', calls });
  }
  return markers.size === 0 ? turn : addMarkers({ ...turn, segments }, [...markers]);
}

/** Drops optional data of a turn; returns the same object when nothing changed. */
export function trimOptional(turn: ChatTurn, level: TrimLevel): ChatTurn {
  if (turn.role === 'assistant') return trimAssistantTurn(turn, level);
  const trimmed = trimUserTurn(turn);
  const isChanged = trimmed.attachments.some(
    (attachment, index) =>
      attachment !== turn.attachments[index] &&
      JSON.stringify(attachment) !== JSON.stringify(turn.attachments[index]),
  );
  return isChanged ? trimmed : turn;
}
