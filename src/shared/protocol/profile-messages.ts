// Panel -> worker methods for the person's profile (Settings → Profile): the details
// autofill may type into forms, encrypted at rest with a key from a passphrase the
// person enters once per browser session. Spread into panel-to-worker.ts; handlers
// live in src/worker/handlers/profile.handlers.ts.
import { z } from '../schema/zod';
import { boundedArray, boundedString } from '../schema/bounded';
import type { MethodSpec } from './define-channel';

/** Most entries a profile holds. */
export const MAX_PROFILE_ENTRIES = 200;
/** Longest value of one entry. */
export const MAX_PROFILE_VALUE = 2_000;
/** Longest entry key (`shipping.postal_code`). */
export const MAX_PROFILE_KEY = 60;
/** Shortest passphrase accepted when a profile is created. */
export const MIN_PROFILE_PASSPHRASE = 8;
export const MAX_PROFILE_PASSPHRASE = 1_000;

/** A key as stored: lower-case words joined by `_`, optionally grouped by one dot. */
export const PROFILE_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*)?$/;

export const ProfileKeySchema = z.string().max(MAX_PROFILE_KEY).regex(PROFILE_KEY_PATTERN);

/** One stored detail: `email`, `home.city`, `shipping.postal_code`, `loyalty_number`. */
export const ProfileEntrySchema = z.strictObject({
  key: ProfileKeySchema,
  value: z.string().max(MAX_PROFILE_VALUE),
});
export type ProfileEntry = z.infer<typeof ProfileEntrySchema>;

/** `none`: no profile saved; `locked`: saved, not unlocked in this browser session. */
export const ProfileStateSchema = z.enum(['none', 'locked', 'unlocked']);
export type ProfileState = z.infer<typeof ProfileStateSchema>;

/** What the panel sees: entries only while unlocked (empty otherwise). */
export const ProfileViewSchema = z.strictObject({
  state: ProfileStateSchema,
  entries: boundedArray(ProfileEntrySchema, MAX_PROFILE_ENTRIES),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

// Requests accept more than the bounds so the worker can refuse in plain words.
const Passphrase = z.strictObject({ passphrase: boundedString(MAX_PROFILE_PASSPHRASE) });
const LooseKey = boundedString(MAX_PROFILE_KEY * 4);

export const profileRequestMethods = {
  'profile/status': { request: z.strictObject({}), response: ProfileViewSchema },
  /** Saves an empty profile under a new passphrase and unlocks it. PROFILE_EXISTS if one is saved. */
  'profile/create': { request: Passphrase, response: ProfileViewSchema },
  /** PROFILE_WRONG_PASSPHRASE when the passphrase does not open it. */
  'profile/unlock': { request: Passphrase, response: ProfileViewSchema },
  /** Forgets the session key: runs and the panel see the profile locked. */
  'profile/lock': { request: z.strictObject({}), response: ProfileViewSchema },
  /**
   * Adds an entry, or replaces `previousKey`'s (a rename) or the same key's. Refused
   * with PROFILE_LIMIT_REACHED, PROFILE_VALUE_TOO_LONG or PROFILE_ENTRY_INVALID; a
   * refusal changes nothing.
   */
  'profile/put-entry': {
    request: z.strictObject({
      key: LooseKey,
      value: boundedString(MAX_PROFILE_VALUE * 4),
      previousKey: LooseKey.optional(),
    }),
    response: ProfileViewSchema,
  },
  'profile/remove-entry': {
    request: z.strictObject({ key: LooseKey }),
    response: ProfileViewSchema,
  },
  /** Deletes the saved profile and its key for good. */
  'profile/forget': { request: z.strictObject({}), response: ProfileViewSchema },
} as const satisfies Record<string, MethodSpec>;
