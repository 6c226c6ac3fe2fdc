// ## Owns
// The person's profile at rest: one sealed record in chrome.storage.local
// (`profile.vault.v1`: salt, PBKDF2 rounds, IV, ciphertext; never a value in plain
// text) and the key that opens it in chrome.storage.session (`profile.session-key.v1`),
// which the browser clears when its session ends. Bounds and key rules are checked
// here; a refusal changes nothing stored.
// ## Never
// Writes the passphrase or the key to local storage, or hands values to the model:
// the fill tool reads them only to type them into the page.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { z } from '../../shared/schema/zod';
import {
  MAX_PROFILE_ENTRIES,
  MAX_PROFILE_VALUE,
  MIN_PROFILE_PASSPHRASE,
  ProfileEntrySchema,
  ProfileKeySchema,
  type ProfileEntry,
  type ProfileView,
} from '../../shared/protocol/profile-messages';
import type { KeyValueArea } from '../storage/key-value-area';
import { STORAGE_KEYS } from '../storage/storage-keys';
import {
  MIN_PBKDF2_ITERATIONS,
  PBKDF2_ITERATIONS,
  deriveKeyBytes,
  fromBase64,
  newSalt,
  open,
  seal,
  toBase64,
} from './profile-crypto';

const SealedRecordSchema = z.strictObject({
  version: z.literal(1),
  salt: z.string().max(100),
  iterations: z.number().int().min(MIN_PBKDF2_ITERATIONS).max(10_000_000),
  iv: z.string().max(100),
  data: z.string().max(4_000_000),
});
type SealedRecord = z.infer<typeof SealedRecordSchema>;

const PlainSchema = z.strictObject({
  entries: z.array(ProfileEntrySchema).max(MAX_PROFILE_ENTRIES),
});

/** The profile as the worker holds it. */
export interface ProfileVault {
  view(): Promise<ProfileView>;
  create(passphrase: string): Promise<ProfileView>;
  unlock(passphrase: string): Promise<ProfileView>;
  lock(): Promise<ProfileView>;
  putEntry(key: string, value: string, previousKey?: string): Promise<ProfileView>;
  removeEntry(key: string): Promise<ProfileView>;
  forget(): Promise<ProfileView>;
}

export interface ProfileVaultOptions {
  /** chrome.storage.local in the worker. */
  readonly local: KeyValueArea;
  /** chrome.storage.session in the worker: the unlocked key lives only here. */
  readonly session: KeyValueArea;
  /** PBKDF2 rounds for a new profile (tests may not go below the minimum either). */
  readonly iterations?: number;
}

/** `Shipping Postal code` → `shipping_postal_code`; null when it cannot be a key. */
export function normalizeProfileKey(text: string): string | null {
  const key = text.trim().toLowerCase().replace(/\s+/g, '_');
  return ProfileKeySchema.safeParse(key).success ? key : null;
}

const LOCKED: ProfileView = { state: 'locked', entries: [] };
const NONE: ProfileView = { state: 'none', entries: [] };

export function createProfileVault(options: ProfileVaultOptions): ProfileVault {
  const iterations = Math.max(options.iterations ?? PBKDF2_ITERATIONS, MIN_PBKDF2_ITERATIONS);
  let queue: Promise<unknown> = Promise.resolve();
  // Writes run one at a time, so two quick edits never lose one another.
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function record(): Promise<SealedRecord | null> {
    const stored = await options.local.get(STORAGE_KEYS.profileVault);
    if (stored === undefined || stored === null) return null;
    const parsed = SealedRecordSchema.safeParse(stored);
    if (!parsed.success)
      throw new ProtocolFailure('PROFILE_DAMAGED', 'The saved profile is damaged.');
    return parsed.data;
  }

  async function sessionKey(): Promise<Uint8Array | null> {
    const stored = await options.session.get(STORAGE_KEYS.profileSessionKey);
    return typeof stored === 'string' && stored !== '' ? fromBase64(stored) : null;
  }

  async function openWith(key: Uint8Array, sealed: SealedRecord): Promise<ProfileEntry[] | null> {
    const text = await open(key, sealed);
    if (text === null) return null;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProtocolFailure('PROFILE_DAMAGED', 'The saved profile is damaged.');
    }
    const plain = PlainSchema.safeParse(json);
    if (!plain.success)
      throw new ProtocolFailure('PROFILE_DAMAGED', 'The saved profile is damaged.');
    return plain.data.entries;
  }

  /** The record and its entries, or a failure saying why they cannot be had. */
  async function unlocked(): Promise<{
    key: Uint8Array;
    sealed: SealedRecord;
    entries: ProfileEntry[];
  }> {
    const sealed = await record();
    if (!sealed) throw new ProtocolFailure('PROFILE_NOT_SET', 'No profile is saved yet.');
    const key = await sessionKey();
    const entries = key ? await openWith(key, sealed) : null;
    if (!key || !entries)
      throw new ProtocolFailure('PROFILE_LOCKED', 'The profile is locked in this browser session.');
    return { key, sealed, entries };
  }

  /** Seals `entries` with a fresh IV under the same salt and rounds. */
  async function write(
    key: Uint8Array,
    derivation: Pick<SealedRecord, 'salt' | 'iterations'>,
    entries: ProfileEntry[],
  ): Promise<ProfileView> {
    const sealed = await seal(key, JSON.stringify({ entries }));
    const next: SealedRecord = { version: 1, ...derivation, ...sealed };
    await options.local.set(STORAGE_KEYS.profileVault, next);
    return { state: 'unlocked', entries };
  }

  async function view(): Promise<ProfileView> {
    const sealed = await record();
    if (!sealed) return NONE;
    const key = await sessionKey();
    if (!key) return LOCKED;
    const entries = await openWith(key, sealed);
    return entries ? { state: 'unlocked', entries } : LOCKED;
  }

  return {
    view,
    create: (passphrase) =>
      serial(async () => {
        if ((await record()) !== null)
          throw new ProtocolFailure('PROFILE_EXISTS', 'A profile is already saved.');
        if (passphrase.length < MIN_PROFILE_PASSPHRASE)
          throw new ProtocolFailure(
            'PROFILE_PASSPHRASE_TOO_SHORT',
            `The passphrase needs at least ${MIN_PROFILE_PASSPHRASE} characters.`,
          );
        const salt = newSalt();
        const key = await deriveKeyBytes(passphrase, salt, iterations);
        const result = await write(key, { salt: toBase64(salt), iterations }, []);
        await options.session.set(STORAGE_KEYS.profileSessionKey, toBase64(key));
        return result;
      }),
    unlock: (passphrase) =>
      serial(async () => {
        const sealed = await record();
        if (!sealed) throw new ProtocolFailure('PROFILE_NOT_SET', 'No profile is saved yet.');
        const key = await deriveKeyBytes(passphrase, fromBase64(sealed.salt), sealed.iterations);
        const entries = await openWith(key, sealed);
        if (!entries)
          throw new ProtocolFailure(
            'PROFILE_WRONG_PASSPHRASE',
            'That passphrase does not open the saved profile.',
          );
        await options.session.set(STORAGE_KEYS.profileSessionKey, toBase64(key));
        return { state: 'unlocked', entries };
      }),
    lock: () =>
      serial(async () => {
        await options.session.set(STORAGE_KEYS.profileSessionKey, null);
        return (await record()) ? LOCKED : NONE;
      }),
    putEntry: (rawKey, value, previousKey) =>
      serial(async () => {
        const key = normalizeProfileKey(rawKey);
        if (key === null)
          throw new ProtocolFailure(
            'PROFILE_ENTRY_INVALID',
            'An entry name uses letters, digits, _ and - , optionally grouped by one dot (shipping.city), up to 60 characters.',
          );
        if (value.length > MAX_PROFILE_VALUE)
          throw new ProtocolFailure(
            'PROFILE_VALUE_TOO_LONG',
            `An entry holds at most ${MAX_PROFILE_VALUE} characters; this one has ${value.length}.`,
          );
        const opened = await unlocked();
        const previous = previousKey === undefined ? key : normalizeProfileKey(previousKey);
        const kept = opened.entries.filter((entry) => entry.key !== key && entry.key !== previous);
        const at = opened.entries.findIndex((entry) => entry.key === previous || entry.key === key);
        if (at < 0 && kept.length >= MAX_PROFILE_ENTRIES)
          throw new ProtocolFailure(
            'PROFILE_LIMIT_REACHED',
            `The profile holds at most ${MAX_PROFILE_ENTRIES} entries.`,
          );
        const entries = [...kept];
        entries.splice(at < 0 ? entries.length : Math.min(at, entries.length), 0, { key, value });
        return write(opened.key, opened.sealed, entries);
      }),
    removeEntry: (rawKey) =>
      serial(async () => {
        const opened = await unlocked();
        const key = normalizeProfileKey(rawKey);
        const entries = opened.entries.filter((entry) => entry.key !== key);
        if (entries.length === opened.entries.length)
          throw new ProtocolFailure(
            'PROFILE_ENTRY_NOT_FOUND',
            `The profile has no entry ${rawKey}.`,
          );
        return write(opened.key, opened.sealed, entries);
      }),
    forget: () =>
      serial(async () => {
        await options.local.set(STORAGE_KEYS.profileVault, null);
        await options.session.set(STORAGE_KEYS.profileSessionKey, null);
        return NONE;
      }),
  };
}
