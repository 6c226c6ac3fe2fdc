// research_url: renders an address in a background tab the person does not see, for
// pages whose content only a browser builds (script-made pages fetch_url reads as an
// empty shell), and returns their visible text. It goes where fetch_url may go, by
// the same decision (the run's own site and sites the person named at once, others
// ask), only to sites the person allowed, and the address the tab ended on is judged
// again before anything is read. The tab is closed on every way out.
import { z } from '../../../../shared/schema/zod';
import { MAX_URL_CHARS } from '../../../../shared/protocol/limits';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { mayControlTab, type AccessFactsReader } from '../input/may-control-tab';
import { recordObservation, webRunState } from '../safety/observations';
import { asksForNetwork } from './asks-for-network';
import { mayFetchWithoutAsking } from './fetch-decision';
import { fetchRunFacts } from './fetch-url.tool';
import { readHidden, type HiddenTabApi } from './hidden-tab';

export const RESEARCH_DEFAULT_MS = 8_000;
export const RESEARCH_MAX_MS = 30_000;

export interface ResearchUrlDeps {
  readonly tabs: HiddenTabApi;
  readonly tabUrl: (tabId: number) => Promise<string | undefined>;
  readonly accessFacts: AccessFactsReader;
}

export function researchUrlTool(deps: ResearchUrlDeps) {
  return defineTool({
    name: 'research_url',
    description:
      'Opens a URL in a hidden tab, waits for it to load and returns its visible text. For pages built by script; fetch_url is faster otherwise. Same approval rules as fetch_url.',
    arguments: z.strictObject({
      url: z.string().min(1).max(MAX_URL_CHARS).describe('Absolute https URL.'),
      timeout_ms: z.number().int().min(1_000).max(RESEARCH_MAX_MS).optional(),
    }),
    effect: 'external',
    offerWhen: asksForNetwork,
    approval: 'automatic',
    activity: ({ url }) => `Opened ${url.slice(0, 120)} in the background`,
    async review({ url }, context) {
      return mayFetchWithoutAsking('GET', url, await fetchRunFacts(deps, context));
    },
    async execute({ url, timeout_ms: timeoutMs }, context) {
      const run = await fetchRunFacts(deps, context);
      const verdict = mayFetchWithoutAsking('GET', url, run);
      if (verdict.ask === 'refused') return verdict.outcome;
      const approvedOrigin = new URL(url).origin;
      const result = await readHidden(
        deps.tabs,
        url,
        context.page.tabId,
        timeoutMs ?? RESEARCH_DEFAULT_MS,
        context.signal,
        async (tabId, finalUrl) => {
          // A redirect to another origin is judged again: it must need no asking now.
          if (finalUrl === '' || (await mayControlTab(tabId, finalUrl, deps.accessFacts)))
            return false;
          if (new URL(finalUrl).origin === approvedOrigin) return true;
          return mayFetchWithoutAsking('GET', finalUrl, run).ask === false;
        },
      );
      switch (result.status) {
        case 'busy':
          return {
            ok: false,
            code: 'RESEARCH_BUSY',
            message: 'Two pages are already open in the background. Wait for them, then try again.',
          };
        case 'timeout':
          return {
            ok: false,
            code: 'RESEARCH_TIMEOUT',
            message: `${url.slice(0, 200)} did not finish loading in time; the tab was closed. Try fetch_url, or a longer timeout_ms (at most ${RESEARCH_MAX_MS}).`,
          };
        case 'refused':
          return {
            ok: false,
            code: 'RESEARCH_REFUSED',
            message: `The page ended on ${result.url ?? 'an address'}, which is not a site the person allowed here (or would need their approval); it was closed unread. Ask the person to allow that site, or use fetch_url.`,
          };
        case 'failed':
          return {
            ok: false,
            code: 'FETCH_NETWORK',
            message: `The page could not be opened: ${result.message}`,
          };
        case 'read': {
          const { read } = result;
          const content = {
            title: read.title,
            text: read.text,
            ...(read.originalLength > read.text.length
              ? { truncated: true, originalLength: read.originalLength }
              : {}),
          };
          // Read from elsewhere: typing it into this site asks, as for fetch_url.
          const origin = new URL(read.url).origin;
          if (origin !== new URL(run.siteUrl || read.url).origin)
            recordObservation(webRunState(context), origin, content);
          return {
            ok: true,
            result: untrustedPageData(read.url, content),
            summary: `Read ${read.url.slice(0, 120)} in a background tab (${read.text.length} characters).`,
          };
        }
      }
    },
  });
}
