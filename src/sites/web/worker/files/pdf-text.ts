// ## Owns
// Reading the text of a PDF with PDF.js, bounded: at most MAX_PDF_PAGES pages per
// call (pages 1–50 by default), each page's text and the whole answer capped in
// characters, a time limit on top of the run's Stop. A file whose text is locked by
// a password, or that is not a PDF, is refused with its own code.
// ## Why the worker module is imported here
// An MV3 worker may not start a Worker from a URL it fetches or evaluate code, so
// PDF.js runs its parser in this same worker: importing its worker module and
// putting its message handler on `pdfjsWorker` makes PDF.js use it in place. This
// version of PDF.js has no code-generation path (its font compiler was removed), so
// nothing here needs `eval`.
import * as pdfWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ToolOutcome } from '../../../../worker/tools/define-tool';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= pdfWorker;

export const MAX_PDF_PAGES = 50;
export const MAX_PDF_CHARS = 50_000;
export const MAX_PDF_PAGE_CHARS = 20_000;
export const PDF_TIMEOUT_MS = 20_000;

export interface PdfReadOptions {
  readonly firstPage?: number | undefined;
  readonly lastPage?: number | undefined;
  readonly maxChars?: number | undefined;
  readonly signal: AbortSignal;
  readonly timeoutMs?: number | undefined;
  /** The clock the time limit is checked against between pages (tests pass their own). */
  readonly now?: () => number;
}

export interface PdfPageText {
  readonly page: number;
  readonly text: string;
  readonly truncated?: true;
}

export interface PdfText {
  readonly pageCount: number;
  readonly pages: readonly PdfPageText[];
  readonly hasExtractableText: boolean;
  /** Set when pages or characters were left out; says what to ask for next. */
  readonly truncated?: string;
}

type Failure = Extract<ToolOutcome, { ok: false }>;

class PdfTimeout extends Error {}

interface TextItem {
  readonly str?: string;
  readonly hasEOL?: boolean;
}

const textOfItems = (items: readonly TextItem[]) =>
  items
    .map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ''))
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .trim();

function failureOf(error: unknown, timeoutMs: number): Failure {
  const name = error instanceof Error ? error.name : '';
  if (error instanceof PdfTimeout)
    return {
      ok: false,
      code: 'PDF_TOO_SLOW',
      message: `The PDF was not read within ${Math.round(timeoutMs / 1000)} s; ask for fewer pages.`,
    };
  if (name === 'PasswordException')
    return {
      ok: false,
      code: 'PDF_ENCRYPTED',
      message:
        'The PDF is encrypted with a password; its text cannot be read. Tell the person; do not retry.',
    };
  return {
    ok: false,
    code: 'PDF_INVALID',
    message: `The file could not be read as a PDF (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}).`,
  };
}

/** The text of pages firstPage–lastPage of the PDF in `bytes`, bounded. */
export async function readPdfText(
  bytes: Uint8Array,
  options: PdfReadOptions,
): Promise<{ ok: true; pdf: PdfText } | Failure> {
  const timeoutMs = options.timeoutMs ?? PDF_TIMEOUT_MS;
  const maxChars = Math.min(options.maxChars ?? MAX_PDF_CHARS, MAX_PDF_CHARS);
  // PDF.js takes the buffer over; a copy keeps the caller's bytes usable.
  const task = getDocument({
    data: bytes.slice(),
    stopAtErrors: false,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    verbosity: 0,
  });
  const now = options.now ?? Date.now;
  const deadline = now() + timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PdfTimeout()), timeoutMs);
    options.signal.addEventListener('abort', () => reject(options.signal.reason), { once: true });
  });
  stopped.catch(() => undefined);
  try {
    const document = await Promise.race([task.promise, stopped]);
    const pageCount = document.numPages;
    const first = Math.max(1, options.firstPage ?? 1);
    const last = Math.min(
      pageCount,
      options.lastPage ?? first + MAX_PDF_PAGES - 1,
      first + MAX_PDF_PAGES - 1,
    );
    const pages: PdfPageText[] = [];
    let used = 0;
    let cut = '';
    for (let number = first; number <= last; number += 1) {
      // PDF.js parses without yielding to timers, so the limit is also checked here.
      if (now() >= deadline) throw new PdfTimeout();
      if (used >= maxChars) {
        cut = `Stopped at ${maxChars} characters; pages ${number}–${last} were not read. Ask with firstPage ${number}.`;
        break;
      }
      const page = await Promise.race([document.getPage(number), stopped]);
      const content = await Promise.race([page.getTextContent(), stopped]);
      const full = textOfItems(content.items as TextItem[]);
      const room = Math.min(MAX_PDF_PAGE_CHARS, maxChars - used);
      const text = full.slice(0, room);
      used += text.length;
      pages.push(
        full.length > room ? { page: number, text, truncated: true } : { page: number, text },
      );
    }
    if (!cut && last < pageCount)
      cut = `The PDF has ${pageCount} pages; pages ${last + 1}–${pageCount} were not read. Ask with firstPage ${last + 1}.`;
    const hasExtractableText = pages.some((page) => page.text.length > 0);
    return {
      ok: true,
      pdf: { pageCount, pages, hasExtractableText, ...(cut ? { truncated: cut } : {}) },
    };
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason;
    return failureOf(error, timeoutMs);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}
