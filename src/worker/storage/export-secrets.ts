// ## Owns
// What an exported chat says of secrets: every text it carries (the person's and the
// model's words, reasoning, tool-call arguments, summaries and activity lines, the
// chat's name and preview) has its credential-like strings (the shared detector:
// API keys, card numbers, IBANs, labelled passwords, one-time codes) replaced by a
// marker. An export is a file that travels; a password the model typed into a field
// or an API key quoted in an answer must not travel with it.
// ## Never
// Changes the stored chat: only the exported copy is redacted.
import {
  MAX_ACTIVITY_CHARS,
  MAX_ARGUMENTS_PREVIEW_CHARS,
  MAX_TOOL_SUMMARY_CHARS,
  MAX_TURN_TEXT_CHARS,
  type ChatTurn,
  type SessionMeta,
  type Segment,
} from '../../shared/protocol/chat-records';
import { redactSecrets } from '../../shared/secrets/secret-text';

// A marker can be longer than the secret it stands for; the record's bounds still hold.
const redact = (text: string, max: number) => redactSecrets(text).text.slice(0, max);

function segmentWithoutSecrets(segment: Segment): Segment {
  if (segment.kind !== 'tools')
    return { ...segment, text: redact(segment.text, MAX_TURN_TEXT_CHARS) };
  return {
    kind: 'tools',
    calls: segment.calls.map((call) => ({
      ...call,
      argumentsPreview: redact(call.argumentsPreview, MAX_ARGUMENTS_PREVIEW_CHARS),
      summary: redact(call.summary, MAX_TOOL_SUMMARY_CHARS),
      ...(call.activity === undefined
        ? {}
        : { activity: redact(call.activity, MAX_ACTIVITY_CHARS) }),
    })),
  };
}

/** `turn` as an export carries it: its texts without secrets. */
export function turnWithoutSecrets(turn: ChatTurn): ChatTurn {
  if (turn.role === 'user') return { ...turn, text: redact(turn.text, MAX_TURN_TEXT_CHARS) };
  return { ...turn, segments: turn.segments.map(segmentWithoutSecrets) };
}

/** `meta` as an export carries it: its name and preview without secrets. */
export function metaWithoutSecrets(meta: SessionMeta): SessionMeta {
  return { ...meta, name: redact(meta.name, 200), preview: redact(meta.preview, 160) };
}
