// JSON-path-like locations shared by schema refusals (`$.properties.a.items`) and
// argument errors (`$.tags[3]`), so a person reads one notation everywhere.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The root of every path. */
export const ROOT_PATH = '$';

/** Append an object key: `.name`, or `["odd key"]` when it is not an identifier. */
export function pathWithKey(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Append an array index: `[3]`. */
export function pathWithIndex(path: string, index: number): string {
  return `${path}[${index}]`;
}
