// ## Owns
// "Sign in with …" as the settings handlers run it: which flow a base URL gets, the
// browser's sign-in window as the launcher, and the grant the panel gets back for
// the key. Failures come back in the person's words with no key kept.
import { signInProviderOf } from '../../../shared/models/provider-sign-in';
import { createIdentityLauncher, type IdentityApi } from '../../integrations/mcp/identity-launch';
import { IntegrationError } from '../../integrations/integration-error';
import { apiKeyHint } from '../../storage/settings-records';
import type { FetchLike } from '../model-adapter';
import type { KeyGrants } from './key-grants';
import { SignInError, type SignInDeps } from './sign-in-flow';
import { signInFlowOf } from './sign-in-registry';

export type SignInResult =
  | { readonly ok: true; readonly grant: string; readonly keyHint: string }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** The window and redirect address of this browser's identity API, or null without one. */
export function browserSignInWindow(): Pick<SignInDeps, 'launch' | 'redirectUrl'> | null {
  const scope = globalThis as { browser?: { identity?: IdentityApi } };
  const identity: IdentityApi | undefined = globalThis.chrome?.identity ?? scope.browser?.identity;
  if (identity?.launchWebAuthFlow === undefined) return null;
  return {
    launch: createIdentityLauncher(identity),
    redirectUrl: identity.getRedirectURL('provider'),
  };
}

const failed = (message: string): SignInResult => ({
  ok: false,
  code: 'PROVIDER_SIGN_IN_FAILED',
  message,
});

/** Runs the sign-in `baseUrl`'s provider offers and holds the key it returns. */
export async function signInForBaseUrl(
  baseUrl: string,
  deps: {
    readonly window: Pick<SignInDeps, 'launch' | 'redirectUrl'> | null;
    readonly fetch: FetchLike;
    readonly grants: KeyGrants;
  },
  signal: AbortSignal,
): Promise<SignInResult> {
  const provider = signInProviderOf(baseUrl);
  if (provider === null)
    return failed('This base URL has no sign-in; paste an API key from the provider instead.');
  if (deps.window === null)
    return failed('This browser offers Side Agent no sign-in window; paste an API key instead.');
  try {
    const key = await signInFlowOf(provider.id).signIn(
      { ...deps.window, fetch: deps.fetch },
      signal,
    );
    return { ok: true, grant: deps.grants.issue(key, provider.origin), keyHint: apiKeyHint(key) };
  } catch (error) {
    if (signal.aborted) throw error;
    // The sign-in window's own failures already speak to the person; keep their words.
    if (error instanceof SignInError || error instanceof IntegrationError)
      return failed(error.message);
    return failed('Signing in did not finish. Sign in again, or paste an API key instead.');
  }
}
