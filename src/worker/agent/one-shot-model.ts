// ## Owns
// One model call outside a run: a system prompt of ours and one user message, no tools,
// the answer's text (reasoning discarded). Chat titles and inline completion use it;
// a run's planning call uses its streaming half with the run's own model and fetch.
// The call waits on the caller's AbortSignal only; the caller sets its own deadline.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type {
  FetchLike,
  ModelAdapter,
  ModelRequest,
  ModelUsage,
  ProviderKind,
} from '../providers/model-adapter';
import type { SpendGuard } from './budget/spend-guard';
import { usageOfCall } from './budget/call-usage';
import type { SettingsStore } from '../storage/store-contracts';
import { checkModelEndpoint } from './run-prepare';

export interface OneShotModelDeps {
  readonly settings: SettingsStore;
  readonly adapterFor: (kind: ProviderKind) => ModelAdapter;
  readonly fetch: FetchLike;
  /** The person's day token and cost limits; absent (inline completion) spends unmetered. */
  readonly spend?: Pick<SpendGuard, 'check' | 'record'>;
}

export interface OneShotRequest {
  readonly modelId: string;
  /** Trusted text of ours. */
  readonly system: string;
  /** The user message; untrusted parts must already be labelled by the caller. */
  readonly user: string;
  /** The answer is cut here and the stream abandoned: a runaway model costs no more. */
  readonly maxChars: number;
}

/** The answer's text; throws a ProtocolFailure with the provider's code on failure. */
export async function askModelOnce(
  deps: OneShotModelDeps,
  request: OneShotRequest,
  signal: AbortSignal,
): Promise<string> {
  const model = await deps.settings.resolveModel(request.modelId);
  if (!model) throw new ProtocolFailure('MODEL_MISSING', 'The chosen model is not configured.');
  checkModelEndpoint(model);
  await deps.spend?.check(model.prices);
  const messages: ModelRequest['messages'] = [
    { role: 'system', text: request.system },
    { role: 'user', content: [{ type: 'text', text: request.user }] },
  ];
  const answer = await streamAnswerText(
    deps.adapterFor(model.settings.kind),
    { settings: model.settings, messages, tools: [] },
    { signal, fetch: deps.fetch, maxChars: request.maxChars },
  );
  await deps.spend?.record(
    usageOfCall(answer.usage, { messages, outputText: answer.text }),
    model.prices,
  );
  return answer.text;
}

/**
 * Streams one tool-less request and returns its text (reasoning discarded), cut at
 * `maxChars` with the stream abandoned; `isCut` says whether that happened.
 */
export async function streamAnswerText(
  adapter: ModelAdapter,
  request: ModelRequest,
  options: { readonly signal: AbortSignal; readonly fetch: FetchLike; readonly maxChars: number },
): Promise<{ text: string; isCut: boolean; usage: ModelUsage | null }> {
  let text = '';
  let usage: ModelUsage | null = null;
  const stream = adapter.stream(request, { signal: options.signal, fetch: options.fetch });
  for await (const part of stream) {
    if (part.type === 'text-delta') {
      text += part.text;
      if (text.length >= options.maxChars)
        return { text: text.slice(0, options.maxChars), isCut: true, usage };
    } else if (part.type === 'usage') usage = part.usage;
    else if (part.type === 'error') throw new ProtocolFailure(part.code, part.message);
  }
  return { text, isCut: false, usage };
}
