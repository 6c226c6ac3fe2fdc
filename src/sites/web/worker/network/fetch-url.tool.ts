// fetch_url: reads an address over the network from the worker, in every mode. It
// can carry data out in its address, so each call is decided by the fetch decision
// (fetch-decision.ts): the run's own site and origins the person named run at once,
// any other origin waits for the person, write methods and unreachable addresses are
// refused. POST, PUT, PATCH and DELETE go only after the person typed /allow-api in
// this chat, and each one still asks with its body shown.
import { z } from '../../../../shared/schema/zod';
import { MAX_URL_CHARS } from '../../../../shared/protocol/limits';
import { defineTool, type ToolRunContext } from '../../../../worker/tools/define-tool';
import { mayFetchWithoutAsking, type FetchRunFacts, type ReadMethod } from './fetch-decision';
import { checkWritePayload, isWriteMethod, type WriteMethod } from './fetch-write';
import { sendFetch, type Fetcher } from './fetch-request';
import { fetchOutcome } from './fetch-result';
import { asksForNetwork } from './asks-for-network';
import { recordObservation, webRunState } from '../safety/observations';

export interface FetchUrlDeps {
  readonly fetcher: Fetcher;
  readonly tabUrl: (tabId: number) => Promise<string | undefined>;
}

/** What the fetch decision reads of a run: its site, the person's words, /allow-api. */
export async function fetchRunFacts(
  deps: Pick<FetchUrlDeps, 'tabUrl'>,
  context: ToolRunContext,
): Promise<FetchRunFacts> {
  const tab = await deps.tabUrl(context.page.tabId).catch(() => undefined);
  return {
    siteUrl: tab ?? context.identity.scope.projectId ?? '',
    personText: context.personText ?? [],
    ...(context.apiWrites ? { apiWrites: context.apiWrites } : {}),
  };
}

const sameOrigin = (origin: string, url: string) => {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
};

const headerMap = (headers: readonly { name: string; value: string }[] | undefined) =>
  Object.fromEntries((headers ?? []).map(({ name, value }) => [name, value]));

export function fetchUrlTool(deps: FetchUrlDeps) {
  return defineTool({
    name: 'fetch_url',
    description:
      'Reads a URL (GET/HEAD) and returns its text: HTML as text, JSON parsed. Other sites than this one and those the person named wait for approval. POST/PUT/PATCH/DELETE only after the person typed /allow-api; each asks.',
    arguments: z.strictObject({
      url: z.string().min(1).max(MAX_URL_CHARS).describe('Absolute https URL.'),
      method: z.string().max(10).default('GET'),
      body: z.string().max(70_000).optional().describe('Writes: text or JSON.'),
      headers: z
        .array(z.strictObject({ name: z.string().max(40), value: z.string().max(500) }))
        .max(8)
        .optional(),
    }),
    effect: 'external',
    offerWhen: asksForNetwork,
    // The review decides per call; a call it does not clear asks (approval-policy).
    approval: 'automatic',
    activity: ({ method, url }) => `${method.toUpperCase()} ${url.slice(0, 120)}`,
    async review({ method, url, body, headers }, context) {
      const payload = checkWritePayload(body, headerMap(headers));
      if (!payload.ok) return { ask: 'refused', outcome: payload };
      return mayFetchWithoutAsking(method, url, await fetchRunFacts(deps, context), body);
    },
    async execute({ method, url, body, headers }, context) {
      const run = await fetchRunFacts(deps, context);
      const payload = checkWritePayload(body, headerMap(headers));
      if (!payload.ok) return payload;
      // Checked again: the tab may have moved since the review.
      const verdict = mayFetchWithoutAsking(method, url, run, body);
      if (verdict.ask === 'refused') return verdict.outcome;
      const verb = method.toUpperCase() as ReadMethod | WriteMethod;
      const sent = await sendFetch(new URL(url), {
        method: verb,
        ...(isWriteMethod(verb) ? { write: { body: payload.body, headers: payload.headers } } : {}),
        run,
        signal: context.signal,
        fetcher: deps.fetcher,
      });
      if (!sent.ok) return sent;
      const outcome = fetchOutcome(verb, sent.response);
      // Every result is recorded under the tab's origin; what came from elsewhere is
      // recorded under its own too, so typing it into this site asks (may-act rule 4).
      const origin = new URL(sent.response.url).origin;
      if (outcome.ok && !sameOrigin(origin, run.siteUrl))
        recordObservation(webRunState(context), origin, outcome.result);
      return outcome;
    },
  });
}
