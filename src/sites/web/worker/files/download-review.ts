// ## Owns
// The one answer to "may this run download these addresses, and must it ask?":
// Downloads must be allowed, the run's cap must have room, and each address must pass
// the fetch decision (fetch-decision.ts) that every network read passes; then every
// download asks the person, unless they allowed downloads for this run.
import type { CallReview, ToolRunContext } from '../../../../worker/tools/define-tool';
import { mayFetchWithoutAsking, type FetchRunFacts } from '../network/fetch-decision';
import { downloadsLeft, MAX_DOWNLOADS_PER_RUN } from './file-store';
import { notAllowedToSave, type FileToolDeps } from './save-file';

/** The grant "Allow for this run" gives: every download of the run. */
export const DOWNLOAD_GRANT_KEY = 'web:download';

export async function fileRunFacts(
  deps: Pick<FileToolDeps, 'tabUrl'>,
  context: ToolRunContext,
): Promise<FetchRunFacts> {
  const tab = await deps.tabUrl(context.page.tabId).catch(() => undefined);
  return {
    siteUrl: tab ?? context.identity.scope.projectId ?? '',
    personText: context.personText ?? [],
  };
}

/**
 * Refused (with the outcome) or asked, for downloading `urls` in this run, and the
 * files `fromPage` names: bytes the page itself hands over (blob: and data:
 * resources), which take a place in the cap and on the card but fetch nothing.
 */
export async function reviewDownloads(
  urls: readonly string[],
  deps: FileToolDeps,
  context: ToolRunContext,
  fromPage: readonly string[] = [],
): Promise<CallReview> {
  const count = urls.length + fromPage.length;
  if (!(await deps.canSave().catch(() => false)))
    return { ask: 'refused', outcome: notAllowedToSave };
  if (downloadsLeft(context.runId) < count)
    return {
      ask: 'refused',
      outcome: {
        ok: false,
        code: 'DOWNLOAD_LIMIT_REACHED',
        message: `A run downloads at most ${MAX_DOWNLOADS_PER_RUN} files; ${downloadsLeft(context.runId)} are left. Do not retry; tell the person.`,
      },
    };
  const run = await fileRunFacts(deps, context);
  for (const url of urls) {
    const verdict = mayFetchWithoutAsking('GET', url, run);
    if (verdict.ask === 'refused') return verdict;
  }
  const named = [...urls, ...fromPage];
  const shown = named.slice(0, 5).join(', ') + (count > 5 ? ` and ${count - 5} more` : '');
  return {
    ask: true,
    effect: `Download ${count === 1 ? 'a file' : `${count} files`}: ${shown}`,
    reason: 'It saves files to your Downloads folder.',
    destination: urls[0] ?? run.siteUrl,
    grantKey: DOWNLOAD_GRANT_KEY,
  };
}
