import './__fixtures__/pdf-runtime';
import { describe, expect, it } from 'vitest';
import { makePdf } from './__fixtures__/make-pdf';
import { MAX_PDF_CHARS, MAX_PDF_PAGES, readPdfText } from './pdf-text';

const signal = new AbortController().signal;

describe('readPdfText', () => {
  it('returns each page’s text and says the PDF has text', async () => {
    const read = await readPdfText(
      makePdf([{ lines: ['Quarterly report', 'Revenue (EUR) 12'] }, { lines: ['Page two'] }]),
      { signal },
    );
    expect(read).toMatchObject({
      ok: true,
      pdf: {
        pageCount: 2,
        hasExtractableText: true,
        pages: [
          { page: 1, text: expect.stringContaining('Revenue (EUR) 12') },
          { page: 2, text: 'Page two' },
        ],
      },
    });
    if (read.ok) expect(read.pdf.truncated).toBeUndefined();
  });

  it('says a PDF that only draws has no extractable text', async () => {
    const read = await readPdfText(makePdf([{}, {}]), { signal });
    expect(read).toMatchObject({ ok: true, pdf: { pageCount: 2, hasExtractableText: false } });
  });

  it('refuses an encrypted PDF with PDF_ENCRYPTED', async () => {
    const read = await readPdfText(makePdf([{ lines: ['secret'] }], { encrypted: true }), {
      signal,
    });
    expect(read).toMatchObject({ ok: false, code: 'PDF_ENCRYPTED' });
  });

  it('refuses bytes that are not a PDF with PDF_INVALID', async () => {
    const read = await readPdfText(new TextEncoder().encode('<html>no</html>'), { signal });
    expect(read).toMatchObject({ ok: false, code: 'PDF_INVALID' });
  });

  it(`reads at most ${MAX_PDF_PAGES} pages and says where to go on`, async () => {
    const pages = Array.from({ length: MAX_PDF_PAGES + 5 }, (_page, index) => ({
      lines: [`page ${index + 1}`],
    }));
    const read = await readPdfText(makePdf(pages), { signal });
    if (!read.ok) throw new Error(read.message);
    expect(read.pdf.pages).toHaveLength(MAX_PDF_PAGES);
    expect(read.pdf.pages.at(-1)).toEqual({ page: MAX_PDF_PAGES, text: `page ${MAX_PDF_PAGES}` });
    expect(read.pdf.truncated).toContain(`firstPage ${MAX_PDF_PAGES + 1}`);
    const rest = await readPdfText(makePdf(pages), { signal, firstPage: MAX_PDF_PAGES + 1 });
    if (!rest.ok) throw new Error(rest.message);
    expect(rest.pdf.pages.map((page) => page.page)).toEqual([51, 52, 53, 54, 55]);
  });

  it('caps the characters of the answer', async () => {
    const line = 'x'.repeat(90);
    const pages = Array.from({ length: 10 }, () => ({ lines: Array(30).fill(line) }));
    const read = await readPdfText(makePdf(pages), { signal, maxChars: 5_000 });
    if (!read.ok) throw new Error(read.message);
    const total = read.pdf.pages.reduce((sum, page) => sum + page.text.length, 0);
    expect(total).toBe(5_000);
    expect(read.pdf.pages.at(-1)?.truncated).toBe(true);
    expect(read.pdf.truncated).toContain('Stopped at 5000 characters');
    const capped = await readPdfText(makePdf(pages), { signal, maxChars: 10 * MAX_PDF_CHARS });
    if (!capped.ok) throw new Error(capped.message);
    expect(capped.pdf.pages.reduce((sum, page) => sum + page.text.length, 0)).toBeLessThanOrEqual(
      MAX_PDF_CHARS,
    );
  });

  it('gives up with PDF_TOO_SLOW after its time limit', async () => {
    const pages = Array.from({ length: 40 }, () => ({ lines: Array(40).fill('slow text') }));
    let clock = 0;
    const now = () => (clock += 1_000);
    const read = await readPdfText(makePdf(pages), { signal, timeoutMs: 5_000, now });
    expect(read).toMatchObject({ ok: false, code: 'PDF_TOO_SLOW' });
  });
});
