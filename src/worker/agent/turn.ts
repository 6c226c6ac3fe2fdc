// ## Owns
// One model call of a run: streams the provider, hands text and reasoning deltas
// on as they arrive, and collects tool calls, the finish reason and a terminal
// error into one result.
// ## Why each step is raced
// Adapters honour the signal, but Stop must win even against one that does not:
// every `next()` is raced against the run signal, and the iterator is closed.
import { raceAbort } from '../../shared/lib/abort';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type {
  FetchLike,
  FinishReason,
  ModelAdapter,
  ModelRequest,
  ModelUsage,
  StreamPart,
} from '../providers/model-adapter';

export type ToolCallPart = Extract<StreamPart, { type: 'tool-call' }>;

export interface TurnResult {
  readonly text: string;
  readonly reasoning: { text: string; signature?: string };
  readonly toolCalls: ToolCallPart[];
  readonly finish: FinishReason | null;
  readonly rawFinish?: string;
  readonly usage: ModelUsage | null;
  readonly error: {
    code: ErrorCode;
    message: string;
    details?: Readonly<Record<string, unknown>>;
  } | null;
}

export interface TurnOptions {
  readonly adapter: ModelAdapter;
  readonly request: ModelRequest;
  readonly signal: AbortSignal;
  readonly fetch: FetchLike;
  readonly onDelta: (channel: 'text' | 'reasoning', text: string) => void;
}

export async function streamTurn(options: TurnOptions): Promise<TurnResult> {
  const iterator = options.adapter
    .stream(options.request, { signal: options.signal, fetch: options.fetch })
    [Symbol.asyncIterator]();
  let text = '';
  let reasoningText = '';
  let signature: string | undefined;
  const toolCalls: ToolCallPart[] = [];
  let finish: FinishReason | null = null;
  let rawFinish: string | undefined;
  let usage: ModelUsage | null = null;
  let error: TurnResult['error'] = null;
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), options.signal);
      if (next.done === true) break;
      const part = next.value;
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          options.onDelta('text', part.text);
          break;
        case 'reasoning-delta':
          reasoningText += part.text;
          options.onDelta('reasoning', part.text);
          break;
        case 'reasoning-signature':
          signature = part.signature;
          break;
        case 'tool-call':
          toolCalls.push(part);
          break;
        case 'usage':
          usage = part.usage;
          break;
        case 'finish':
          finish = part.reason;
          rawFinish = part.rawReason;
          break;
        case 'error':
          error = {
            code: part.code,
            message: part.message,
            ...(part.details ? { details: part.details } : {}),
          };
          break;
      }
    }
  } finally {
    if (options.signal.aborted) void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
  const reasoning =
    signature === undefined ? { text: reasoningText } : { text: reasoningText, signature };
  return {
    text,
    reasoning,
    toolCalls,
    finish,
    ...(rawFinish !== undefined ? { rawFinish } : {}),
    usage,
    error,
  };
}
