// ## Owns
// A run's structured result: the format the person's message asked for (/json),
// checked once against the same bounded schema gate as tool schemas, and each
// attempt of the model to hand back data in it, validated with the interpreter
// (no generated code under MV3). Accepted data is recorded on the answer at once,
// so it survives a worker restart with the rest of the turn.
// ## Why the format only comes from the person's message
// A page, a tool result or the model could otherwise decide what the answer must
// contain; the run reads the format from the stored user turn of this Send alone.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { ResultFormat } from '../../../shared/protocol/result-format';
import { MAX_RESULT_JSON_CHARS } from '../../../shared/protocol/result-format';
import type { ChatTurn } from '../../../shared/protocol/chat-records';
import { checkSchemaSubset } from '../../tools/schema-subset';
import { validateParsedArguments, type ArgumentIssue } from '../../tools/validate-arguments';

/** Wrong data the model may hand back before the run gives up on the format. */
export const MAX_RESULT_ATTEMPTS = 3;
/** Issues told to the model per attempt. */
const MAX_TOLD_ISSUES = 5;

export type ResultCheck =
  | { readonly ok: true; readonly json: string }
  | {
      readonly ok: false;
      readonly issues: readonly ArgumentIssue[];
      /** The data was too large to keep, not wrong in shape. */
      readonly tooLarge: boolean;
      /** Attempts left after this one. */
      readonly left: number;
    };

export interface RunResultBook {
  readonly format: ResultFormat;
  /** The JSON Schema, parsed, for the model's note. */
  readonly schemaText: string;
  /** Validates one attempt; an accepted one is recorded on the answer. */
  check(data: unknown): ResultCheck;
  /** The accepted data's JSON, or null. */
  accepted(): string | null;
  /** Whether every attempt was used without valid data. */
  exhausted(): boolean;
}

/** The format the message of this Send asked for, if any (never an imported turn's). */
export function resultFormatOf(
  history: readonly ChatTurn[],
  userTurnId: string,
): ResultFormat | null {
  const turn = history.find((entry) => entry.role === 'user' && entry.id === userTurnId);
  return turn?.role === 'user' && turn.imported !== true ? (turn.resultFormat ?? null) : null;
}

/**
 * The run's result book for `format`: RESULT_FORMAT_INVALID when the schema is not
 * one our gate lets a run validate against (the run then ends before any model call).
 */
export function createRunResult(
  format: ResultFormat,
  record: (json: string) => void,
  resumedJson: string | null = null,
): RunResultBook {
  let schema: unknown;
  try {
    schema = JSON.parse(format.schema);
  } catch {
    throw new ProtocolFailure(
      'RESULT_FORMAT_INVALID',
      'The JSON format of your message could not be read. Type /json again with the format.',
    );
  }
  // The data travels as one property, so a list or a plain value at the top is gated
  // and validated (its issues addressed, $.data[2].price) like any tool argument.
  const wrapper = {
    type: 'object',
    properties: { data: schema },
    required: ['data'],
    additionalProperties: false,
  };
  const gate = checkSchemaSubset(wrapper);
  if (!gate.ok)
    throw new ProtocolFailure(
      'RESULT_FORMAT_INVALID',
      `The JSON format of your message cannot be used: ${gate.message.replace(/\$\.properties\.data/g, '$')} Type /json again with a simpler format.`,
    );
  let accepted = resumedJson;
  let refused = 0;
  return {
    format,
    schemaText: JSON.stringify(schema, null, 1),
    accepted: () => accepted,
    exhausted: () => accepted === null && refused >= MAX_RESULT_ATTEMPTS,
    check(data) {
      const checked = validateParsedArguments({ data }, wrapper);
      const json = checked.ok ? JSON.stringify(data, null, 2) : '';
      if (checked.ok && json.length <= MAX_RESULT_JSON_CHARS) {
        accepted = json;
        record(json);
        return { ok: true, json };
      }
      refused += 1;
      const left = Math.max(0, MAX_RESULT_ATTEMPTS - refused);
      if (checked.ok) return { ok: false, issues: [], tooLarge: true, left };
      const errors = (checked.details?.['errors'] ?? []) as ArgumentIssue[];
      const issues = errors.slice(0, MAX_TOLD_ISSUES).map((issue) => ({
        ...issue,
        path: issue.path.replace(/^\$\.data/, '$'),
      }));
      const fallback = { path: '$', keyword: 'bounds', message: checked.message };
      return { ok: false, issues: issues.length > 0 ? issues : [fallback], tooLarge: false, left };
    },
  };
}
