// ## Owns
// A synchronous SHA-256 of a string's UTF-8 bytes, equal to
// `crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))`.
// ## Why not WebCrypto
// Discovery names every tool with two hashes; awaiting WebCrypto for each of 500
// tools costs a microtask round trip and a buffer copy per hash, which dominated
// discovery time. The digest is the same, so names and fingerprints do not change.

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const encoder = new TextEncoder();
const words = new Uint32Array(64);
const state = new Uint32Array(8);
// Reused for every input that fits: discovery hashes two short names per tool.
let scratch = new Uint8Array(1_024);

function compress(bytes: Uint8Array, blocks: number): void {
  let h0 = 0x6a09e667,
    h1 = 0xbb67ae85,
    h2 = 0x3c6ef372,
    h3 = 0xa54ff53a;
  let h4 = 0x510e527f,
    h5 = 0x9b05688c,
    h6 = 0x1f83d9ab,
    h7 = 0x5be0cd19;
  for (let block = 0; block < blocks; block += 1) {
    for (let index = 0; index < 16; index += 1) {
      const at = block * 64 + index * 4;
      words[index] =
        ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>>
        0;
    }
    for (let index = 16; index < 64; index += 1) {
      const a = words[index - 15]!,
        b = words[index - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      words[index] = (words[index - 16]! + s0 + words[index - 7]! + s1) >>> 0;
    }
    let a = h0,
      b = h1,
      c = h2,
      d = h3,
      e = h4,
      f = h5,
      g = h6,
      h = h7;
    for (let index = 0; index < 64; index += 1) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[index]! + words[index]!) >>> 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
    h5 = (h5 + f) >>> 0;
    h6 = (h6 + g) >>> 0;
    h7 = (h7 + h) >>> 0;
  }
  state[0] = h0;
  state[1] = h1;
  state[2] = h2;
  state[3] = h3;
  state[4] = h4;
  state[5] = h5;
  state[6] = h6;
  state[7] = h7;
}

/** SHA-256 of the UTF-8 encoding of `text`, as 32 bytes. */
export function sha256Sync(text: string): Uint8Array {
  // UTF-8 needs at most three bytes per UTF-16 unit; padding needs 72 more.
  const needed = text.length * 3 + 72;
  if (scratch.length < needed) scratch = new Uint8Array(Math.max(needed, scratch.length * 2));
  const { written } = encoder.encodeInto(text, scratch);
  const blocks = Math.ceil((written + 9) / 64);
  scratch.fill(0, written, blocks * 64);
  scratch[written] = 0x80;
  const bits = written * 8;
  const end = blocks * 64;
  scratch[end - 5] = Math.floor(written / 0x20000000) & 0xff;
  scratch[end - 4] = (bits >>> 24) & 0xff;
  scratch[end - 3] = (bits >>> 16) & 0xff;
  scratch[end - 2] = (bits >>> 8) & 0xff;
  scratch[end - 1] = bits & 0xff;
  compress(scratch, blocks);
  const out = new Uint8Array(32);
  for (let index = 0; index < 8; index += 1) {
    const word = state[index]!;
    out[index * 4] = word >>> 24;
    out[index * 4 + 1] = (word >>> 16) & 0xff;
    out[index * 4 + 2] = (word >>> 8) & 0xff;
    out[index * 4 + 3] = word & 0xff;
  }
  return out;
}

/** Lower-case hex SHA-256 of the UTF-8 encoding of `text`. */
export function sha256HexSync(text: string): string {
  let hex = '';
  for (const byte of sha256Sync(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
