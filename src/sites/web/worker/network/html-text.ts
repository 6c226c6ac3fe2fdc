// HTML reduced to its readable text in the worker, which has no DOM parser: one
// linear pass that drops tags, comments and the content of elements that are never
// read (script, style and the like), breaks lines at block elements and decodes the
// common character references. Good enough for the model to read a page; it is not a
// renderer. Linear on purpose: the input is an untrusted page.

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe']);
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'main',
  'aside',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'form',
  'hr',
  'dt',
  'dd',
  'title',
  'body',
  'html',
]);
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

function tagName(html: string, start: number): { name: string; closing: boolean } {
  let at = start + 1;
  const closing = html[at] === '/';
  if (closing) at += 1;
  let end = at;
  while (end < html.length && /[a-z0-9-]/i.test(html[end] ?? '')) end += 1;
  return { name: html.slice(at, end).toLowerCase(), closing };
}

/** The readable text of `html`, whitespace folded, paragraphs on their own lines. */
export function htmlToText(html: string): string {
  const lower = html.toLowerCase();
  const parts: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) {
      parts.push(html.slice(at));
      break;
    }
    parts.push(html.slice(at, open));
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    const close = html.indexOf('>', open);
    if (close === -1) break;
    const { name, closing } = tagName(html, open);
    at = close + 1;
    if (!closing && SKIPPED.has(name)) {
      const end = lower.indexOf(`</${name}`, at);
      at = end === -1 ? html.length : Math.max(at, lower.indexOf('>', end) + 1 || html.length);
      continue;
    }
    parts.push(BLOCK.has(name) ? '\n' : ' ');
  }
  return decodeEntities(parts.join(''))
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f\v]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
