// ## Owns
// Small PDFs built byte by byte for the file tools' tests: pages with text, pages
// that only draw, and a file that says it is encrypted. The cross-reference table is
// computed, so PDF.js reads them as it would a real file.

export interface PdfPage {
  /** Lines drawn as text; none: the page only draws a rectangle. */
  readonly lines?: readonly string[];
}

export interface PdfOptions {
  /** Adds an encryption dictionary whose password check nothing passes. */
  readonly encrypted?: boolean;
}

const escapeText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

function contentOf(page: PdfPage): string {
  if (!page.lines || page.lines.length === 0) return '0 0 1 rg 72 72 200 100 re f';
  const shown = page.lines
    .map((line, index) => `1 0 0 1 72 ${720 - index * 16} Tm (${escapeText(line)}) Tj`)
    .join('\n');
  return `BT /F1 12 Tf\n${shown}\nET`;
}

/** A PDF with `pages`, as bytes. */
export function makePdf(pages: readonly PdfPage[], options: PdfOptions = {}): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_page, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((page, index) => {
    const id = pageIds[index]!;
    const content = contentOf(page);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  const encryptId = objects.length;
  if (options.encrypted) {
    const filler = '<' + 'ab'.repeat(32) + '>';
    objects[encryptId] = `<< /Filter /Standard /V 1 /R 2 /O ${filler} /U ${filler} /P -4 >>`;
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1)
    body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  const encrypt = options.encrypted
    ? ` /Encrypt ${encryptId} 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]`
    : '';
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
