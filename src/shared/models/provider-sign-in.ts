// ## Owns
// Which model providers let a person sign in instead of pasting a key, known to the
// panel (to offer "Sign in with …" beside the key field) and to the worker (to run
// the flow). A provider is offered only where its base URL is that provider's own
// origin, so a key it hands out is only ever sent back to it.
// ## Why only OpenRouter
// OpenRouter documents a PKCE flow for third-party apps that returns a user-scoped
// API key. Anthropic and OpenAI offer third-party apps no sign-in for their APIs;
// a key pasted from their consoles stays the way in (see docs/decisions).

/** A provider with sign-in. */
export interface SignInProvider {
  readonly id: 'openrouter';
  /** As the button says it: "Sign in with OpenRouter". */
  readonly name: string;
  /** The only origin its base URL may have for sign-in to be offered. */
  readonly origin: string;
}

export const SIGN_IN_PROVIDERS: readonly SignInProvider[] = [
  { id: 'openrouter', name: 'OpenRouter', origin: 'https://openrouter.ai' },
];

/** The provider a base URL belongs to when that provider offers sign-in, else null. */
export function signInProviderOf(baseUrl: string): SignInProvider | null {
  let origin: string;
  try {
    origin = new URL(baseUrl.trim()).origin;
  } catch {
    return null;
  }
  return SIGN_IN_PROVIDERS.find((provider) => provider.origin === origin) ?? null;
}
