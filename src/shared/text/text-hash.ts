// Document identity for the guarded commit (study EDIT-07) and the revert journal.
// Both the worker and the MAIN-world page hash the same text, so the bytes hashed
// must not depend on the realm: each UTF-16 code unit is written little-endian
// explicitly. UTF-8 via TextEncoder would map every lone surrogate to U+FFFD and let
// two different documents share a hash.

function utf16LittleEndianBytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    bytes[2 * index] = unit & 0xff;
    bytes[2 * index + 1] = unit >> 8;
  }
  return bytes;
}

/** SHA-256 of the text's UTF-16LE code units, as 64 lowercase hex digits. */
export async function hashText(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf16LittleEndianBytes(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A cheap synchronous fingerprint (`<length>:<53-bit hash hex>`, cyrb53) for caches
 * and quick "has it changed" checks. Not collision resistant: a commit guard must use
 * `hashText`.
 */
export function fingerprintText(text: string): string {
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    first = Math.imul(first ^ unit, 2654435761);
    second = Math.imul(second ^ unit, 1597334677);
  }
  first =
    Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second =
    Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & second) + (first >>> 0);
  return `${text.length}:${hash.toString(16)}`;
}
