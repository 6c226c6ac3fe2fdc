// ## Owns
// download_files: fetches up to MAX_URLS_PER_CALL addresses, at most
// MAX_CONCURRENT_DOWNLOADS at a time, saves each through Downloads and keeps its
// bytes for the run (file-store.ts) so it can be read back. Asks unless downloads
// are allowed for the run (download-review.ts).
import { z } from '../../../../shared/schema/zod';
import { MAX_URL_CHARS } from '../../../../shared/protocol/limits';
import {
  counted,
  defineTool,
  type JsonValue,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { asksForFiles } from './asks-for-files';
import { fileRunFacts, reviewDownloads } from './download-review';
import { fetchFile } from './file-fetch';
import { keepFile, MAX_DOWNLOADS_PER_RUN, reserveDownloads } from './file-store';
import { fileNameOf, saveBytes, type FileToolDeps } from './save-file';

export const MAX_CONCURRENT_DOWNLOADS = 3;
const MAX_URLS_PER_CALL = MAX_DOWNLOADS_PER_RUN;

/** Runs `work` over `items`, at most `limit` at once, results in item order. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Fetches, saves and keeps one file; the result entry the model sees. */
export async function downloadOne(
  url: string,
  deps: FileToolDeps,
  context: ToolRunContext,
): Promise<{ [key: string]: JsonValue }> {
  const fetched = await fetchFile(
    url,
    await fileRunFacts(deps, context),
    deps.fetcher,
    context.signal,
  );
  if (!fetched.ok) return { url, code: fetched.code, message: fetched.message };
  const { file } = fetched;
  const filename = fileNameOf(file.url, file.contentType);
  const saved = await saveBytes(deps, file.bytes, file.contentType, filename);
  if (!saved.ok) return { url, code: saved.code, message: saved.message };
  keepFile(context.runId, {
    downloadId: saved.downloadId,
    url: file.url,
    filename,
    contentType: file.contentType,
    size: file.bytes.byteLength,
    bytes: file.bytes,
  });
  return {
    url,
    downloadId: saved.downloadId,
    filename,
    contentType: file.contentType,
    size: file.bytes.byteLength,
  };
}

export function downloadFilesTool(deps: FileToolDeps) {
  return defineTool({
    name: 'download_files',
    description: `Downloads files by URL into the person's Downloads (≤${MAX_URLS_PER_CALL} a run). Returns download ids for read_downloaded_file or read_pdf.`,
    arguments: z.strictObject({
      urls: z.array(z.string().min(1).max(MAX_URL_CHARS)).min(1).max(MAX_URLS_PER_CALL),
    }),
    effect: 'external',
    // Saving files acts for the person: never in Ask.
    modes: ['act', 'dev'],
    offerWhen: asksForFiles,
    approval: 'automatic',
    activity: ({ urls }) => `Download ${counted(urls.length, 'file')}`,
    review: ({ urls }, context) => reviewDownloads(urls, deps, context),
    async execute({ urls }, context) {
      // Checked again: the tab may have moved, or another call used the cap, since.
      const verdict = await reviewDownloads(urls, deps, context);
      if (verdict.ask === 'refused') return verdict.outcome;
      if (!reserveDownloads(context.runId, urls.length))
        return {
          ok: false,
          code: 'DOWNLOAD_LIMIT_REACHED',
          message: 'The run’s download cap is reached.',
        };
      const files = await inPool(urls, MAX_CONCURRENT_DOWNLOADS, (url) =>
        downloadOne(url, deps, context),
      );
      const saved = files.filter((file) => 'downloadId' in file);
      if (saved.length === 0) {
        const first = files[0]!;
        return {
          ok: false,
          code: first['code'] as 'DOWNLOAD_FAILED',
          message: String(first['message']),
          details: { files },
        };
      }
      return {
        ok: true,
        result: { files },
        summary: `Downloaded ${counted(saved.length, 'file')} of ${urls.length}`,
      };
    },
  });
}
