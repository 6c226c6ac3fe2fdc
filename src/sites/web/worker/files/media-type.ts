// ## Owns
// What kind of file a page's media bytes are: the type they declare when it says
// image, video or audio, else the type their first bytes show (a page may make a
// blob without a type, a server may answer application/octet-stream), and whether
// that fits the element they came from, so a page's HTML is never saved as an image.
import type { MediaKind } from '../../methods/media-methods';

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The type the file's first bytes show, or '' when they show none we know. */
export function sniffedType(bytes: Uint8Array): string {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 4) === 'ftyp')
    return ascii(bytes, 8, 4).startsWith('avi') ? 'image/avif' : 'video/mp4';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(bytes, 0, 3) === 'ID3' || startsWith(bytes, [0xff, 0xfb])) return 'audio/mpeg';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  return '';
}

/** The file's type: as declared, unless the declaration is generic and the bytes say more. */
export function mediaTypeOf(declared: string, bytes: Uint8Array): string {
  const bare = declared.split(';')[0]!.trim().toLowerCase();
  if (!GENERIC.has(bare)) return bare;
  return sniffedType(bytes) || bare || 'application/octet-stream';
}

/** Whether a file of `type` is what an element of `kind` shows (a link may hold any file). */
export function fitsKind(kind: MediaKind, type: string): boolean {
  if (kind === 'file') return true;
  if (kind === 'image') return type.startsWith('image/');
  // A video element plays audio files and the other way round.
  return type.startsWith('video/') || type.startsWith('audio/');
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'text/plain': 'txt',
};

/** The usual file-name extension of a type ('' when none is known). */
export const extensionOf = (type: string) => EXTENSIONS[type] ?? '';
