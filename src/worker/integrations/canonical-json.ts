// ## Owns
// Canonical JSON: the one text equal data always gives (object keys sorted by
// UTF-16 code units, arrays in order), which trust fingerprints and cache keys hash.

/** Deeper than any gated schema plus its literals; stops cycles early. */
const MAX_CANONICAL_DEPTH = 100;

/**
 * JSON with object keys sorted recursively (by UTF-16 code units), so equal data
 * always gives equal text. Throws a TypeError on values JSON cannot represent
 * (undefined, functions, non-finite numbers, bigint) and on nesting deeper than
 * 100, which also catches cycles. `-0` is written as `0`, as JSON.stringify does.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  return JSON.stringify(sortedJson(value, depth));
}

// The value with every object's keys in sorted order, sharing every part that is
// already sorted, so the native JSON.stringify writes the canonical text. Most
// schemas arrive sorted or nearly so; rebuilding the text by hand was most of
// the fingerprint's cost for a server with hundreds of tools.
function sortedJson(value: unknown, depth: number): unknown {
  if (depth > MAX_CANONICAL_DEPTH)
    throw new TypeError('Value is nested too deeply to fingerprint.');
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Non-finite numbers cannot be fingerprinted.');
    return value;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const sorted = sortedJson(item, depth + 1);
      if (copy === null && sorted !== item) copy = value.slice(0, index);
      copy?.push(sorted);
    }
    return copy ?? value;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    let isChanged = !isSorted(keys);
    const children = keys.map((key) => {
      const sorted = sortedJson(record[key], depth + 1);
      if (sorted !== record[key]) isChanged = true;
      return sorted;
    });
    if (!isChanged) return value;
    const order = keys.map((key, index) => [key, children[index]] as const);
    order.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    // An ordinary object, filled in sorted order: objects of one shape share a hidden
    // class, which JSON.stringify writes several times faster than the dictionary a
    // null-prototype object becomes. A key named __proto__ is defined, not assigned,
    // so it stays an ordinary property instead of replacing the prototype.
    const out: Record<string, unknown> = {};
    for (const [key, child] of order) {
      if (key === '__proto__')
        Object.defineProperty(out, key, {
          value: child,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else out[key] = child;
    }
    return out;
  }
  throw new TypeError(`A ${typeof value} cannot be fingerprinted.`);
}

function isSorted(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index += 1)
    if (keys[index - 1]! > keys[index]!) return false;
  return true;
}
