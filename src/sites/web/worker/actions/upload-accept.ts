// Whether a file input's accept attribute lets a file through, the way the browser's
// picker filters: each comma-separated token is an extension (".csv"), a MIME type
// ("text/plain") or a MIME family ("image/*"); an empty attribute accepts anything.
// See https://html.spec.whatwg.org/multipage/input.html#attr-input-accept

/** The MIME type without parameters, lower-cased ("text/plain;charset=utf-8" → "text/plain"). */
export const bareType = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();

export function acceptsFile(accept: string, name: string, type: string): boolean {
  const tokens = accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token.length > 0);
  if (tokens.length === 0) return true;
  const lowerName = name.toLowerCase();
  const mime = bareType(type);
  return tokens.some((token) => {
    if (token.startsWith('.')) return lowerName.endsWith(token);
    if (token.endsWith('/*')) return mime.startsWith(token.slice(0, -1));
    return mime === token;
  });
}
