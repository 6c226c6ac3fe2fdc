import './__fixtures__/pdf-runtime';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolOutcome } from '../../../../worker/tools/define-tool';
import { fileToolRig } from './__fixtures__/file-tool-rig';
import { makePdf } from './__fixtures__/make-pdf';
import { downloadFilesTool } from './download-files.tool';
import { pdfAwareReadPage } from './pdf-tab-read';
import { readPdfTool } from './read-pdf.tool';

const SHOP = 'https://shop.example';
const pdf = (bytes: Uint8Array) => () =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'content-type': 'application/pdf' },
  });

describe('read_pdf', () => {
  it('reads a PDF of the run’s site without asking, and one it downloaded', async () => {
    const { deps, context } = fileToolRig({
      [`${SHOP}/report.pdf`]: pdf(makePdf([{ lines: ['Total due: 129 EUR'] }])),
    });
    const tool = readPdfTool(deps);
    expect(await tool.review!({ url: `${SHOP}/report.pdf` }, context)).toEqual({ ask: false });
    const read = await tool.execute({ url: `${SHOP}/report.pdf` }, context);
    expect(read).toMatchObject({
      ok: true,
      result: {
        pageCount: 1,
        hasExtractableText: true,
        untrusted_page_content: { content: [{ page: 1, text: 'Total due: 129 EUR' }] },
      },
    });
    await downloadFilesTool(deps).execute({ urls: [`${SHOP}/report.pdf`] }, context);
    expect(await tool.execute({ downloadId: 101 }, context)).toMatchObject({
      ok: true,
      result: { untrusted_page_content: { content: [{ text: 'Total due: 129 EUR' }] } },
    });
  });

  it('asks before reading a PDF of another site', async () => {
    const { deps, context } = fileToolRig({});
    const review = await readPdfTool(deps).review!({ url: 'https://other.example/a.pdf' }, context);
    expect(review).toMatchObject({ ask: true });
  });

  it('refuses an encrypted PDF with PDF_ENCRYPTED', async () => {
    const { deps, context } = fileToolRig({
      [`${SHOP}/locked.pdf`]: pdf(makePdf([{ lines: ['x'] }], { encrypted: true })),
    });
    expect(await readPdfTool(deps).execute({ url: `${SHOP}/locked.pdf` }, context)).toMatchObject({
      ok: false,
      code: 'PDF_ENCRYPTED',
    });
  });
});

describe('read_page on a PDF tab', () => {
  it('answers with the PDF’s text; other tabs read the page as before', async () => {
    const { deps, context } = fileToolRig({
      [`${SHOP}/orders`]: pdf(new Uint8Array()),
      [`${SHOP}/scan.pdf`]: pdf(makePdf([{}])),
    });
    const pageRead: ToolOutcome = { ok: true, result: 'page', summary: 'page' };
    const readPage = {
      name: 'read_page',
      execute: async () => pageRead,
    } as unknown as ToolDefinition;
    expect(await pdfAwareReadPage(readPage, deps).execute({}, context)).toBe(pageRead);
    const onPdf = pdfAwareReadPage(readPage, { ...deps, tabUrl: async () => `${SHOP}/scan.pdf` });
    expect(await onPdf.execute({}, context)).toMatchObject({
      ok: true,
      result: { pageCount: 1, hasExtractableText: false },
    });
  });
});
