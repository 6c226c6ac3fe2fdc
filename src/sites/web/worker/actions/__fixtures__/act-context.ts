// A fake run context for the web action tools' reviews: a page answering the act
// methods, each answer checked against its method's bounded schema as the worker's
// client does, and the run's web state.
import type { Result } from '../../../../../shared/protocol/envelope';
import type { ToolRunContext } from '../../../../../worker/tools/define-tool';
import { actMethods } from '../../../methods/act-methods';
import { createWebRunState, type WebRunState } from '../../safety/observations';

type Method = keyof typeof actMethods;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each fake answer reads the fields its method sends.
export type ActAnswers = Partial<Record<Method, (payload: any) => unknown>>;

/** An answer that is a refusal of the page's relay (or the page's own error). */
export class PageRefusal {
  constructor(readonly code: string) {}
}

export function actContext(
  answers: ActAnswers,
  options: { personText?: string[]; state?: WebRunState } = {},
) {
  const calls: { method: string; payload: unknown; options?: unknown }[] = [];
  const request = async (
    method: string,
    payload: unknown,
    _frame?: unknown,
    options?: unknown,
  ): Promise<Result<unknown>> => {
    calls.push({ method, payload, ...(options ? { options } : {}) });
    const answer = answers[method as Method]?.(payload);
    if (answer === undefined)
      return { ok: false, error: { code: 'PAGE_UNAVAILABLE', message: 'no answer' } };
    if (answer instanceof PageRefusal)
      return { ok: false, error: { code: answer.code, message: 'refused' } } as Result<unknown>;
    return { ok: true, data: actMethods[method as Method].response.parse(answer) };
  };
  const state = options.state ?? createWebRunState();
  const followed: string[] = [];
  const context = {
    runId: 'run-1',
    callId: 'call-1',
    signal: new AbortController().signal,
    identity: { tabId: 1, scope: { siteId: 'web', projectId: 'https://shop.example' } },
    editMode: 'ask',
    page: { tabId: 1, request, followNavigation: () => followed.push('follow') },
    interaction: {},
    state: { checkpointId: null, site: state },
    documentHooks: {},
    personText: options.personText ?? ['Buy the cheapest red shirt in size M.'],
  } as unknown as ToolRunContext;
  return { context, calls, state, followed };
}

/** A control as the page reports it. */
export const controlView = (extra: Record<string, unknown> = {}) => ({
  role: 'button',
  name: 'Add to cart',
  submitsForm: false,
  formMethod: null,
  formAction: null,
  formWords: '',
  price: null,
  href: null,
  ...extra,
});
