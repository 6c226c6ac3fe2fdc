// ## Owns
// The profile's cipher: a 256-bit AES-GCM key derived from the person's passphrase
// with PBKDF2-SHA-256 over a random salt, and sealing / opening the profile's JSON
// with a fresh 96-bit IV each time. WebCrypto only; the key leaves this file as raw
// bytes so the vault can keep it in session storage for the browser session.
// ## Why
// GCM authenticates: a wrong passphrase (or changed ciphertext) fails to open instead
// of yielding garbage, which is how the vault tells "wrong passphrase" apart.

/** PBKDF2 rounds for new profiles (the stored record says what it used). */
export const PBKDF2_ITERATIONS = 250_000;
/** Fewest rounds a stored record may claim (a tampered record cannot weaken it). */
export const MIN_PBKDF2_ITERATIONS = 200_000;

const SALT_BYTES = 16;
const IV_BYTES = 12;

/** Random bytes for a new salt. */
export const newSalt = (): Uint8Array => crypto.getRandomValues(new Uint8Array(SALT_BYTES));

/** The raw AES key bytes for `passphrase` with `salt`. */
export async function deriveKeyBytes(
  passphrase: string,
  salt: Uint8Array,
  iterations: number,
): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    material,
    256,
  );
  return new Uint8Array(bits);
}

const aesKey = (bytes: Uint8Array, usage: KeyUsage) =>
  crypto.subtle.importKey('raw', bytes as BufferSource, 'AES-GCM', false, [usage]);

/** Sealed text: IV and ciphertext (with its tag), both base64. */
export interface Sealed {
  readonly iv: string;
  readonly data: string;
}

export async function seal(keyBytes: Uint8Array, plaintext: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await aesKey(keyBytes, 'encrypt'),
    new TextEncoder().encode(plaintext),
  );
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** The plaintext, or null when the key does not open it (wrong key or altered data). */
export async function open(keyBytes: Uint8Array, sealed: Sealed): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) as BufferSource },
      await aesKey(keyBytes, 'decrypt'),
      fromBase64(sealed.data) as BufferSource,
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
