// JSON-path-like locations shared by schema refusals (`$.properties.a.items`) and
// argument errors (`$.tags[3]`), so a person reads one notation everywhere.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The root of every path. */
export const ROOT_PATH = '$';

// Schemas repeat the same few keys (`type`, `properties`, `description`) thousands
// of times in one discovery; their path segments are computed once.
const SEGMENTS = new Map<string, string>();
const MAX_SEGMENTS = 4_096;

/** Append an object key: `.name`, or `["odd key"]` when it is not an identifier. */
export function pathWithKey(path: string, key: string): string {
  let segment = SEGMENTS.get(key);
  if (segment === undefined) {
    segment = IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    if (SEGMENTS.size < MAX_SEGMENTS && key.length <= 64) SEGMENTS.set(key, segment);
  }
  return path + segment;
}

/** Append an array index: `[3]`. */
export function pathWithIndex(path: string, index: number): string {
  return `${path}[${index}]`;
}
