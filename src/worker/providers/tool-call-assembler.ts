// ## Owns
// Assembling streamed tool-call fragments into complete, bounded calls.
// ## Why
// Providers disagree on framing: OpenAI sends `index` on every fragment, some
// gateways send it only on the first (the reference then opened a new call per
// fragment, study §6.1 item 3), some repeat the id or the full name on every
// fragment. Bounds are checked while streaming so a 10 MB argument is never buffered.
import { ProviderError } from './provider-error';
import type { StreamPart } from './model-adapter';
import {
  MAX_TOOL_CALL_ID_CHARS,
  MAX_TOOL_NAME_CHARS,
  type ProviderLimits,
} from './provider-limits';

/** One fragment as the wire delivered it (already type-checked by the wire schema). */
export interface ToolCallFragment {
  readonly index?: number | undefined;
  readonly id?: string | null | undefined;
  readonly name?: string | null | undefined;
  readonly argumentsText?: string | null | undefined;
}

interface PendingCall {
  id: string;
  name: string;
  readonly argumentPieces: string[];
  argumentLength: number;
}

type ToolCallPart = Extract<StreamPart, { type: 'tool-call' }>;

const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Collects the tool calls of one response. */
export class ToolCallAssembler {
  private readonly calls: PendingCall[] = [];
  /** Wire index to position in `calls`. */
  private readonly slots = new Map<number, PendingCall>();
  private last: PendingCall | undefined;

  constructor(
    private readonly limits: Pick<ProviderLimits, 'maxToolArgumentChars' | 'maxToolCallsPerRound'>,
  ) {}

  get hasCalls(): boolean {
    return this.calls.length > 0;
  }

  /** Adds one fragment; throws on a bound or an impossible index. */
  add(fragment: ToolCallFragment): void {
    const call = this.resolveCall(fragment);
    const id = fragment.id ?? '';
    if (id !== '') call.id = id;
    const name = fragment.name ?? '';
    // Some servers repeat the full name on every fragment; appending would double it.
    if (name !== '' && name !== call.name) call.name += name;
    if (call.id.length > MAX_TOOL_CALL_ID_CHARS || call.name.length > MAX_TOOL_NAME_CHARS) {
      throw invalid('A tool-call id or name is longer than 128 characters.');
    }
    const argumentsText = fragment.argumentsText ?? '';
    if (argumentsText !== '') {
      call.argumentLength += argumentsText.length;
      if (call.argumentLength > this.limits.maxToolArgumentChars) {
        throw new ProviderError(
          'PROVIDER_ARGUMENTS_TOO_LARGE',
          `The arguments of tool call "${call.name}" exceed ${this.limits.maxToolArgumentChars} characters.`,
          {
            details: {
              toolName: call.name,
              maxToolArgumentChars: this.limits.maxToolArgumentChars,
            },
          },
        );
      }
      call.argumentPieces.push(argumentsText);
    }
  }

  /** Validates and returns the calls in provider order. */
  finish(): ToolCallPart[] {
    const seen = new Set<string>();
    const parts: ToolCallPart[] = [];
    for (const call of this.calls) {
      if (call.id === '' || CONTROL_CHARACTERS.test(call.id))
        throw invalid(`Tool call "${call.name}" has no usable id.`);
      if (!TOOL_NAME_PATTERN.test(call.name))
        throw invalid(`Tool call ${JSON.stringify(call.name.slice(0, 64))} has an invalid name.`);
      if (seen.has(call.id)) {
        throw new ProviderError(
          'PROVIDER_DUPLICATE_TOOL_CALL_ID',
          `Tool-call id ${JSON.stringify(call.id)} was used twice.`,
          {
            details: { callId: call.id },
          },
        );
      }
      seen.add(call.id);
      // An empty string is how several servers send "no arguments"; it means `{}`.
      const argumentsText = call.argumentLength === 0 ? '{}' : call.argumentPieces.join('');
      parts.push(toolCallPart(call.id, call.name, argumentsText));
    }
    return parts;
  }

  private resolveCall(fragment: ToolCallFragment): PendingCall {
    const id = fragment.id ?? '';
    if (fragment.index !== undefined) {
      const existing = this.slots.get(fragment.index);
      // A different id at a used index is a new call (seen from gateways that send
      // index 0 for every call); the same or no id continues it.
      if (existing && (id === '' || id === existing.id || existing.id === ''))
        return (this.last = existing);
      const call = this.open();
      this.slots.set(fragment.index, call);
      return call;
    }
    // No index: a new id opens a call, anything else continues the last one.
    if (this.last && (id === '' || id === this.last.id)) return this.last;
    return this.open();
  }

  private open(): PendingCall {
    if (this.calls.length >= this.limits.maxToolCallsPerRound) {
      throw new ProviderError(
        'PROVIDER_TOO_MANY_TOOL_CALLS',
        `The model made more than ${this.limits.maxToolCallsPerRound} tool calls in one round.`,
        { details: { maxToolCallsPerRound: this.limits.maxToolCallsPerRound } },
      );
    }
    const call: PendingCall = { id: '', name: '', argumentPieces: [], argumentLength: 0 };
    this.calls.push(call);
    this.last = call;
    return call;
  }
}

function invalid(message: string): ProviderError {
  return new ProviderError('PROVIDER_INVALID_TOOL_CALL', message);
}

/**
 * A tool-call part whose `isArgumentsJson` is worked out when first read. The run
 * loop parses the text itself right before dispatch, so parsing up to 256 KiB of
 * arguments here as well would do the same work twice on every call; a reader of
 * the flag (a log, a test) still gets the same answer, once.
 */
function toolCallPart(id: string, name: string, argumentsText: string): ToolCallPart {
  return {
    type: 'tool-call',
    id,
    name,
    argumentsText,
    get isArgumentsJson(): boolean {
      const value = isJson(argumentsText);
      Object.defineProperty(this, 'isArgumentsJson', { value, enumerable: true });
      return value;
    },
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
