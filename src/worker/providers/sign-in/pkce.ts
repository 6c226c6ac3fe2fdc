// PKCE (S256) for provider sign-in: a one-time verifier and its challenge. The
// verifier never leaves the worker until the code exchange.

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** 32 random bytes as base64url: a 43-character verifier. */
export function createVerifier(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** base64url(SHA-256(verifier)). */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}
