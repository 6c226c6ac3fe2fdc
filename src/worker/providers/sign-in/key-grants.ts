// ## Owns
// Keys a sign-in produced, held in the worker until the person saves the model they
// signed in for. The panel gets a grant (a random id) and the key's last characters,
// never the key, the same way a saved key never comes back to it.
// ## Why memory only
// A grant that outlives the worker would be a key stored where no model holds it. If
// the worker restarts before Save, the grant is gone and the person signs in again.

const originOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return null;
  }
};

/** Unsaved sign-ins expire; a form left open for longer signs in again. */
export const GRANT_TTL_MS = 30 * 60_000;
/** Sign-ins a person might have going in several forms at once. */
const MAX_GRANTS = 8;

interface Held {
  readonly key: string;
  /** The provider origin the key is for; it is never handed out for another. */
  readonly origin: string;
  readonly expiresAt: number;
}

export interface KeyGrants {
  /** Holds `key`, for base URLs of `origin` only, and returns its grant id. */
  issue(key: string, origin: string): string;
  /** The key of a live grant for a base URL of `baseUrl`'s origin, or null; `take` also removes it. */
  peek(grant: string, baseUrl: string): string | null;
  take(grant: string, baseUrl: string): string | null;
}

export function createKeyGrants(now: () => number = Date.now): KeyGrants {
  const held = new Map<string, Held>();
  const live = (grant: string, baseUrl?: string): Held | null => {
    const entry = held.get(grant);
    if (!entry) return null;
    if (entry.expiresAt <= now()) {
      held.delete(grant);
      return null;
    }
    return baseUrl === undefined || originOf(baseUrl) === entry.origin ? entry : null;
  };
  return {
    issue(key, origin) {
      for (const grant of [...held.keys()]) live(grant);
      // The oldest unsaved sign-in gives way; its form says to sign in again on Save.
      while (held.size >= MAX_GRANTS) held.delete(held.keys().next().value as string);
      const grant = crypto.randomUUID();
      held.set(grant, { key, origin, expiresAt: now() + GRANT_TTL_MS });
      return grant;
    },
    peek: (grant, baseUrl) => live(grant, baseUrl)?.key ?? null,
    take(grant, baseUrl) {
      const key = live(grant, baseUrl)?.key ?? null;
      if (key !== null) held.delete(grant);
      return key;
    },
  };
}
