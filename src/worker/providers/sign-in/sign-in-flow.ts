// ## Owns
// The contract of a provider's sign-in flow: what it needs from the worker, what it
// gives back, and how it fails.
import type { SignInProvider } from '../../../shared/models/provider-sign-in';
import type { FetchLike } from '../model-adapter';

/** A sign-in that failed, in words for the person; no key was taken. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly code = 'PROVIDER_SIGN_IN_FAILED';
}

/** What a flow needs from the worker: the browser's sign-in window and fetch. */
export interface SignInDeps {
  /** Opens `url` in the sign-in window; resolves with the address it ended on. */
  readonly launch: (url: URL, signal: AbortSignal) => Promise<string>;
  /** The extension's own redirect address the provider sends the window back to. */
  readonly redirectUrl: string;
  readonly fetch: FetchLike;
}

export interface SignInFlow {
  readonly id: SignInProvider['id'];
  /** Resolves with the provider's API key, or throws a SignInError. */
  signIn(deps: SignInDeps, signal: AbortSignal): Promise<string>;
}
