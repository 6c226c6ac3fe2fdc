import { describe, expect, it } from 'vitest';
import { fetchOutcome, MAX_FETCH_TEXT_CHARS } from './fetch-result';
import type { FetchedResponse } from './fetch-request';
import { htmlToText } from './html-text';
import { UNTRUSTED_PAGE_NOTE } from '../../../../worker/tools/untrusted-content';

function fetched(body: string, contentType: string, truncated = false): FetchedResponse {
  const bytes = new TextEncoder().encode(body);
  return {
    url: 'https://shop.example/x',
    status: 200,
    contentType,
    redirects: 0,
    body: { bytes, truncated, originalLength: truncated ? 9_999_999 : bytes.byteLength },
  };
}

const resultOf = (outcome: ReturnType<typeof fetchOutcome>) => {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result as Record<string, unknown> & {
    untrusted_page_content: { note: string; source: string; content: unknown };
  };
};

describe('fetchOutcome', () => {
  it('keeps JSON parsed, inside the untrusted label', () => {
    const result = resultOf(
      fetchOutcome(
        'GET',
        fetched('{"price":12.5,"tags":["a"]}', 'application/json; charset=utf-8'),
      ),
    );
    expect(result.untrusted_page_content).toEqual({
      note: UNTRUSTED_PAGE_NOTE,
      source: 'https://shop.example/x',
      content: { price: 12.5, tags: ['a'] },
    });
    expect(result).toMatchObject({ status: 200, truncated: false });
  });

  it('reduces HTML to text and drops scripts and styles', () => {
    const html =
      '<html><head><title>Cart</title><style>p{color:red}</style></head><body><script>steal()</script><h1>Total</h1><p>12&nbsp;&euro; &amp; tax &#36;1</p><!-- hidden --></body></html>';
    const content = resultOf(fetchOutcome('GET', fetched(html, 'text/html'))).untrusted_page_content
      .content;
    expect(content).toBe('Cart\nTotal\n12 &euro; & tax $1');
  });

  it('cuts long text and says how long it was', () => {
    const text = 'x'.repeat(MAX_FETCH_TEXT_CHARS + 500);
    const result = resultOf(fetchOutcome('GET', fetched(text, 'text/plain')));
    expect(result).toMatchObject({ truncated: true, originalLength: MAX_FETCH_TEXT_CHARS + 500 });
    expect(String(result.untrusted_page_content.content)).toHaveLength(MAX_FETCH_TEXT_CHARS);
  });

  it('reports a body cut while reading with its declared length in bytes', () => {
    const result = resultOf(fetchOutcome('GET', fetched('{"a": [1, 2', 'application/json', true)));
    expect(result).toMatchObject({
      truncated: true,
      originalLength: 9_999_999,
      lengthUnit: 'bytes',
    });
    expect(result.untrusted_page_content.content).toBe('{"a": [1, 2');
  });

  it('refuses binary content with its type', () => {
    const outcome = fetchOutcome('GET', fetched('PK\u0003\u0004', 'application/zip'));
    expect(outcome).toMatchObject({
      ok: false,
      code: 'FETCH_BINARY_CONTENT',
      details: { content_type: 'application/zip' },
    });
  });

  it('answers HEAD with the status, type and length only', () => {
    const outcome = fetchOutcome('HEAD', fetched('', 'text/html'));
    expect(outcome).toMatchObject({ ok: true, result: { status: 200, content_type: 'text/html' } });
    expect(resultOf(outcome).untrusted_page_content).toBeUndefined();
  });
});

describe('htmlToText', () => {
  it('survives unclosed tags and scripts without hanging', () => {
    expect(htmlToText('<p>a<script>never closed')).toBe('a');
    expect(htmlToText('text <b')).toBe('text');
    const started = Date.now();
    htmlToText('<script>'.repeat(50_000));
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
