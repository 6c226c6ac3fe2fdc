import { describe, expect, it } from 'vitest';
import { sha256HexSync } from './sha256-sync';

async function webCrypto(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('sha256HexSync', () => {
  it('equals WebCrypto for empty, short, multi-block and non-ASCII text', async () => {
    const samples = [
      '',
      'abc',
      'x'.repeat(55),
      'x'.repeat(56),
      'y'.repeat(1_000),
      'Grüße, 世界 🙂',
    ];
    for (const text of samples) expect(sha256HexSync(text)).toBe(await webCrypto(text));
    expect(sha256HexSync('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
