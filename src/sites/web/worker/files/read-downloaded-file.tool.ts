// ## Owns
// read_downloaded_file: the text of a file this run downloaded, from the bytes kept
// for the run (file-store.ts), at most MAX_FILE_READ_CHARS from an offset. A PDF is
// sent to read_pdf; bytes that are not text are refused.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { asksForFiles } from './asks-for-files';
import { storedFile } from './file-store';

export const MAX_FILE_READ_CHARS = 16_000;

/** Whether `bytes` look like text: no NUL byte in their first 8 KB. */
const looksLikeText = (bytes: Uint8Array) => !bytes.subarray(0, 8_192).includes(0);

export const readDownloadedFileTool = defineTool({
  name: 'read_downloaded_file',
  description: `Reads a downloaded file's text (≤${MAX_FILE_READ_CHARS} chars from offset). For PDFs use read_pdf.`,
  arguments: z.strictObject({
    downloadId: z.number().int().nonnegative(),
    offset: z.number().int().nonnegative().max(100_000_000).default(0),
  }),
  effect: 'read',
  offerWhen: asksForFiles,
  approval: 'automatic',
  activity: ({ downloadId }) => `Read download ${downloadId}`,
  async execute({ downloadId, offset }, context) {
    const file = storedFile(context.runId, downloadId);
    if (!file || !file.bytes)
      return {
        ok: false,
        code: 'DOWNLOAD_UNKNOWN',
        message: file
          ? `Download ${downloadId} was saved, but this run kept no copy of it to read (too many bytes this run).`
          : `This run has no download ${downloadId}; list_downloads shows its files.`,
      };
    if (file.contentType === 'application/pdf' || /\.pdf$/i.test(file.filename))
      return {
        ok: false,
        code: 'FILE_NOT_TEXT',
        message: `Download ${downloadId} is a PDF: call read_pdf with downloadId ${downloadId}.`,
      };
    if (!looksLikeText(file.bytes))
      return {
        ok: false,
        code: 'FILE_NOT_TEXT',
        message: `Download ${downloadId} (${file.contentType || 'unknown type'}) is not text; it cannot be read.`,
      };
    const text = new TextDecoder().decode(file.bytes);
    const content = text.slice(offset, offset + MAX_FILE_READ_CHARS);
    const end = offset + content.length;
    return {
      ok: true,
      result: {
        downloadId,
        filename: file.filename,
        totalChars: text.length,
        ...(end < text.length ? { nextOffset: end } : {}),
        ...untrustedPageData(file.url, content),
      },
      summary: `Read ${file.filename} (${content.length} of ${text.length} characters)`,
    };
  },
});
