// ## Owns
// One model call outside a run: a system prompt of ours and one user message, no tools,
// the answer's text (reasoning discarded). Chat titles and inline completion use it.
// The call waits on the caller's AbortSignal only; the caller sets its own deadline.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { FetchLike, ModelAdapter, ProviderKind } from '../providers/model-adapter';
import type { SettingsStore } from '../storage/store-contracts';
import { checkModelEndpoint } from './run-prepare';

export interface OneShotModelDeps {
  readonly settings: SettingsStore;
  readonly adapterFor: (kind: ProviderKind) => ModelAdapter;
  readonly fetch: FetchLike;
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
  let text = '';
  const stream = deps.adapterFor(model.settings.kind).stream(
    {
      settings: model.settings,
      messages: [
        { role: 'system', text: request.system },
        { role: 'user', content: [{ type: 'text', text: request.user }] },
      ],
      tools: [],
    },
    { signal, fetch: deps.fetch },
  );
  for await (const part of stream) {
    if (part.type === 'text-delta') {
      text += part.text;
      if (text.length >= request.maxChars) return text.slice(0, request.maxChars);
    } else if (part.type === 'error') throw new ProtocolFailure(part.code, part.message);
  }
  return text;
}
