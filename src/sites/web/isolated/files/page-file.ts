// ## Owns
// Reading the bytes of a blob: or data: address the page holds, bounded by
// MAX_PAGE_FILE_BYTES before a byte is copied: a blob by its size, a data: address
// by the length of its payload.
// ## Why a failed blob read says "stream" for players
// A video playing through MediaSource has a blob: address that names no bytes; a
// revoked blob fails the same way. For a player the first is the likely cause, and
// either way no file can be saved, so the answer says which it most likely is.
import { MAX_PAGE_FILE_BYTES, type PageFile } from '../../methods/media-methods';

/** Reads a blob: address (fetch in the content script, which shares the page's origin). */
export type BlobReader = (url: string, signal: AbortSignal) => Promise<Blob>;

export const fetchBlob: BlobReader = async (url, signal) => {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
};

/** Base64 of bytes, in chunks so a large file does not overflow the call stack. */
export function base64OfBytes(bytes: Uint8Array): string {
  const CHUNK = 3 * 8_192;
  let text = '';
  for (let at = 0; at < bytes.length; at += CHUNK)
    text += btoa(String.fromCharCode(...bytes.subarray(at, at + CHUNK)));
  return text;
}

const DATA_URL = /^data:([^,]*?),(.*)$/s;

/** The bytes of a data: address, or why there are none. */
export function readDataUrl(url: string): PageFile {
  const parsed = DATA_URL.exec(url);
  if (!parsed) return { status: 'unreadable', why: 'malformed' };
  const parameters = parsed[1]!.split(';');
  const isBase64 = parameters.at(-1)?.toLowerCase() === 'base64';
  const type = (parameters[0] || 'text/plain').trim().toLowerCase().slice(0, 200);
  const payload = parsed[2]!;
  const estimate = isBase64 ? Math.floor((payload.length * 3) / 4) : payload.length;
  if (estimate > MAX_PAGE_FILE_BYTES) return { status: 'too-large', size: estimate };
  try {
    const bytes = isBase64
      ? Uint8Array.from(atob(payload.replace(/\s+/g, '')), (char) => char.charCodeAt(0))
      : new TextEncoder().encode(decodeURIComponent(payload));
    if (bytes.byteLength > MAX_PAGE_FILE_BYTES)
      return { status: 'too-large', size: bytes.byteLength };
    return { status: 'read', type, size: bytes.byteLength, base64: base64OfBytes(bytes) };
  } catch {
    return { status: 'unreadable', why: 'malformed' };
  }
}

export async function readBlobUrl(
  url: string,
  player: boolean,
  read: BlobReader,
  signal: AbortSignal,
): Promise<PageFile> {
  let blob: Blob;
  try {
    blob = await read(url, signal);
  } catch {
    return { status: 'unreadable', why: player ? 'stream' : 'revoked' };
  }
  if (blob.size > MAX_PAGE_FILE_BYTES) return { status: 'too-large', size: blob.size };
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return {
    status: 'read',
    type: blob.type.split(';')[0]!.trim().toLowerCase(),
    size: bytes.byteLength,
    base64: base64OfBytes(bytes),
  };
}
