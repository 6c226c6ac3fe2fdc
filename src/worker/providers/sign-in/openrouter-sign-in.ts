// ## Owns
// Signing in to OpenRouter: its PKCE flow in the browser's sign-in window, then the
// exchange of the returned code for a user-scoped API key. The key goes only to the
// caller; nothing here stores it.
// ## Why the callback is checked
// The window ends on whatever address the sign-in page sent it to last. Only our own
// redirect address with a `code` counts; anything else (the person closed the window,
// OpenRouter reported an error, a page sent the window elsewhere) ends in words and
// no key.
import type { FetchLike } from '../model-adapter';
import { challengeOf, createVerifier } from './pkce';
import { SignInError, type SignInDeps, type SignInFlow } from './sign-in-flow';

const ORIGIN = 'https://openrouter.ai';
/** A key is a short token; anything bigger is not OpenRouter's answer. */
const MAX_ANSWER_CHARS = 16_384;

function codeFrom(returned: string, redirectUrl: string): string {
  let url: URL;
  try {
    url = new URL(returned);
  } catch {
    throw new SignInError('OpenRouter did not send the sign-in back to Side Agent. Sign in again.');
  }
  const expected = new URL(redirectUrl);
  if (url.origin !== expected.origin || url.pathname !== expected.pathname)
    throw new SignInError(
      `The sign-in ended on ${url.host} instead of coming back to Side Agent, so no key was taken. Sign in again.`,
    );
  const error = url.searchParams.get('error');
  if (error !== null)
    throw new SignInError(
      `OpenRouter did not sign you in (${error.slice(0, 80)}). Sign in again, or paste a key instead.`,
    );
  const code = url.searchParams.get('code');
  if (code === null || code === '' || code.length > 2_048)
    throw new SignInError('OpenRouter sent no sign-in code back. Sign in again.');
  return code;
}

async function exchange(
  code: string,
  verifier: string,
  fetch: FetchLike,
  signal: AbortSignal,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${ORIGIN}/api/v1/auth/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, code_verifier: verifier, code_challenge_method: 'S256' }),
      redirect: 'error',
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SignInError(
      'Side Agent could not reach OpenRouter to finish signing in. Check your connection, then sign in again.',
    );
  }
  const text = (await response.text()).slice(0, MAX_ANSWER_CHARS);
  if (!response.ok)
    throw new SignInError(
      `OpenRouter refused the sign-in code (HTTP ${response.status}). Sign in again; a code works once and only for a few minutes.`,
    );
  let key: unknown;
  try {
    key = (JSON.parse(text) as { key?: unknown }).key;
  } catch {
    key = undefined;
  }
  if (typeof key !== 'string' || !/^\S{8,4096}$/.test(key))
    throw new SignInError(
      'OpenRouter answered without a usable key. Sign in again, or paste a key instead.',
    );
  return key;
}

export const openRouterSignIn: SignInFlow = {
  id: 'openrouter',
  async signIn(deps: SignInDeps, signal: AbortSignal): Promise<string> {
    const verifier = createVerifier();
    const url = new URL(`${ORIGIN}/auth`);
    url.searchParams.set('callback_url', deps.redirectUrl);
    url.searchParams.set('code_challenge', await challengeOf(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    const returned = await deps.launch(url, signal);
    return exchange(codeFrom(returned, deps.redirectUrl), verifier, deps.fetch, signal);
  },
};
