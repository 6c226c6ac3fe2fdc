// What the model gets back from fetch_url: JSON parsed, HTML reduced to text, other
// text as is, each cut to a character bound (with `truncated` and `originalLength`),
// inside the untrusted-content label; binary refused with its content type. Response
// headers stay out (they can carry cookies and tokens), except the content type.
import type { JsonValue, ToolOutcome } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { htmlToText } from './html-text';
import type { FetchedResponse } from './fetch-request';

/** Characters of text given to the model at most. */
export const MAX_FETCH_TEXT_CHARS = 20_000;

type Kind = 'json' | 'html' | 'text' | 'binary';

function kindOf(contentType: string): Kind {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (
    type === '' ||
    type.startsWith('text/') ||
    type.endsWith('+xml') ||
    type === 'application/xml' ||
    type === 'application/javascript'
  )
    return 'text';
  return 'binary';
}

/** The whole body, parsed, when it is JSON that fits; else null. */
function parsedJson(text: string, complete: boolean): JsonValue | null {
  if (!complete || text.length > MAX_FETCH_TEXT_CHARS) return null;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return null;
  }
}

/** The tool outcome for a fetched response. */
export function fetchOutcome(method: string, response: FetchedResponse): ToolOutcome {
  const kind = kindOf(response.contentType);
  const head = {
    url: response.url,
    status: response.status,
    content_type: response.contentType,
    ...(response.redirects > 0 ? { redirects: response.redirects } : {}),
  };
  const summary = `${method} ${response.url.slice(0, 160)}: ${response.status}`;
  if (method === 'HEAD') {
    return { ok: true, result: { ...head, length: response.body.originalLength }, summary };
  }
  if (kind === 'binary') {
    return {
      ok: false,
      code: 'FETCH_BINARY_CONTENT',
      message: `${response.url} answered ${response.contentType || 'binary data'}, which fetch_url does not read (it reads HTML, JSON and text).`,
      details: { content_type: response.contentType, status: response.status },
    };
  }
  const raw = new TextDecoder('utf-8', { fatal: false }).decode(response.body.bytes);
  const json = kind === 'json' ? parsedJson(raw, !response.body.truncated) : null;
  if (json !== null) {
    return {
      ok: true,
      result: {
        ...head,
        truncated: false,
        originalLength: raw.length,
        ...untrustedPageData(response.url, json),
      },
      summary,
    };
  }
  const text = kind === 'html' ? htmlToText(raw) : raw;
  const cut = text.length > MAX_FETCH_TEXT_CHARS;
  const truncated = cut || response.body.truncated;
  // Bytes beyond what was read are unknown as text: the length then counts bytes.
  const originalLength = response.body.truncated ? response.body.originalLength : text.length;
  return {
    ok: true,
    result: {
      ...head,
      truncated,
      originalLength,
      ...(response.body.truncated ? { lengthUnit: 'bytes' } : {}),
      ...untrustedPageData(response.url, cut ? text.slice(0, MAX_FETCH_TEXT_CHARS) : text),
    },
    summary: truncated ? `${summary} (cut)` : summary,
  };
}
