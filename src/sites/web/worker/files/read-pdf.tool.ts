// ## Owns
// read_pdf: per-page text of a PDF (pages 1–50 by default) with hasExtractableText,
// from a file this run downloaded or from an address (the tab's, when none is
// given). An address is read only as fetch_url would: the same fetch decision, so
// the run's own site is read at once and any other origin waits for the person.
import { z } from '../../../../shared/schema/zod';
import { MAX_URL_CHARS } from '../../../../shared/protocol/limits';
import {
  defineTool,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { mayFetchWithoutAsking } from '../network/fetch-decision';
import { asksForFiles } from './asks-for-files';
import { fileRunFacts } from './download-review';
import { fetchFile } from './file-fetch';
import { storedFile } from './file-store';
import { MAX_PDF_CHARS, MAX_PDF_PAGES, readPdfText } from './pdf-text';
import type { FileToolDeps } from './save-file';

export interface ReadPdfArgs {
  readonly url?: string | undefined;
  readonly downloadId?: number | undefined;
  readonly firstPage?: number | undefined;
  readonly lastPage?: number | undefined;
  readonly maxChars?: number | undefined;
}

async function targetUrl(args: ReadPdfArgs, deps: FileToolDeps, context: ToolRunContext) {
  return args.url ?? (await deps.tabUrl(context.page.tabId).catch(() => undefined)) ?? '';
}

async function pdfBytes(
  args: ReadPdfArgs,
  deps: FileToolDeps,
  context: ToolRunContext,
): Promise<{ ok: true; bytes: Uint8Array; source: string } | Extract<ToolOutcome, { ok: false }>> {
  if (args.downloadId !== undefined) {
    const file = storedFile(context.runId, args.downloadId);
    if (!file?.bytes)
      return {
        ok: false,
        code: 'DOWNLOAD_UNKNOWN',
        message: `This run has no readable download ${args.downloadId}; list_downloads shows its files.`,
      };
    return { ok: true, bytes: file.bytes, source: file.url };
  }
  const url = await targetUrl(args, deps, context);
  const run = await fileRunFacts(deps, context);
  const verdict = mayFetchWithoutAsking('GET', url, run);
  if (verdict.ask === 'refused') return verdict.outcome;
  const fetched = await fetchFile(url, run, deps.fetcher, context.signal);
  if (!fetched.ok) return fetched;
  return { ok: true, bytes: fetched.file.bytes, source: fetched.file.url };
}

/** Reads the PDF `args` name; also what read_page answers on a PDF tab. */
export async function readPdf(
  args: ReadPdfArgs,
  deps: FileToolDeps,
  context: ToolRunContext,
): Promise<ToolOutcome> {
  const source = await pdfBytes(args, deps, context);
  if (!source.ok) return source;
  const read = await readPdfText(source.bytes, {
    firstPage: args.firstPage,
    lastPage: args.lastPage,
    maxChars: args.maxChars,
    signal: context.signal,
  });
  if (!read.ok) return read;
  const { pdf } = read;
  return {
    ok: true,
    result: {
      pageCount: pdf.pageCount,
      hasExtractableText: pdf.hasExtractableText,
      ...(pdf.truncated ? { truncated: pdf.truncated } : {}),
      ...(pdf.hasExtractableText
        ? {}
        : { note: 'No text layer (a scan?): take a screenshot to see it.' }),
      ...untrustedPageData(
        source.source,
        pdf.pages.map((page) => ({ ...page })),
      ),
    },
    summary: `Read ${pdf.pages.length} of ${pdf.pageCount} PDF pages`,
  };
}

export function readPdfTool(deps: FileToolDeps) {
  return defineTool({
    name: 'read_pdf',
    description: `Per-page text of a PDF (pages 1–${MAX_PDF_PAGES} by default) by url, downloadId, or the tab.`,
    arguments: z.strictObject({
      url: z.string().min(1).max(MAX_URL_CHARS).optional(),
      downloadId: z.number().int().nonnegative().optional(),
      firstPage: z.number().int().min(1).max(100_000).optional(),
      lastPage: z.number().int().min(1).max(100_000).optional(),
      maxChars: z.number().int().min(100).max(MAX_PDF_CHARS).optional(),
    }),
    effect: 'external',
    offerWhen: asksForFiles,
    // The review decides per call, as fetch_url's does (approval-policy).
    approval: 'automatic',
    activity: ({ url, downloadId }) =>
      downloadId !== undefined
        ? `Read PDF download ${downloadId}`
        : `Read PDF ${url ?? 'in the tab'}`,
    async review(args, context) {
      if (args.downloadId !== undefined) return { ask: false };
      const url = await targetUrl(args, deps, context);
      return mayFetchWithoutAsking('GET', url, await fileRunFacts(deps, context));
    },
    execute: (args, context) => readPdf(args, deps, context),
  });
}
