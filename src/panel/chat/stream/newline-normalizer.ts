/**
 * Incremental line-ending normalisation (CRLF and lone CR -> LF) for streamed text. A
 * CRLF can be split across two deltas ("\r" | "\n..."), so the state carries whether
 * the previous delta ended with CR.
 */
export class NewlineNormalizer {
  private endedWithCarriageReturn = false;

  /** Returns `chunk` with LF line endings, consistent across chunk boundaries. */
  push(chunk: string): string {
    let text = chunk;
    if (this.endedWithCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    if (chunk !== '') this.endedWithCarriageReturn = chunk.endsWith('\r');
    return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  }
}
