import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { createMemoryArea } from '../storage/__fixtures__/memory-area';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { MIN_PBKDF2_ITERATIONS, PBKDF2_ITERATIONS } from './profile-crypto';
import { createProfileVault, normalizeProfileKey } from './profile-vault';

const PASS = 'correct horse battery';

function setup() {
  const local = createMemoryArea();
  const session = createMemoryArea();
  const vault = createProfileVault({ local, session, iterations: MIN_PBKDF2_ITERATIONS });
  return { local, session, vault };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProtocolFailure) return error.code;
    throw error;
  }
  return 'resolved';
}

describe('profile vault', () => {
  it('derives with at least 200,000 PBKDF2 rounds and a random salt per profile', async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(200_000);
    const weak = createMemoryArea();
    await createProfileVault({ local: weak, session: createMemoryArea(), iterations: 10 }).create(
      PASS,
    );
    const stored = weak.data.get(STORAGE_KEYS.profileVault) as { iterations: number; salt: string };
    expect(stored.iterations).toBeGreaterThanOrEqual(200_000);
    const other = setup();
    await other.vault.create(PASS);
    const again = other.local.data.get(STORAGE_KEYS.profileVault) as { salt: string };
    expect(again.salt).not.toBe(stored.salt);
  });

  it('stores values only as ciphertext, and the key only in session storage', async () => {
    const { local, session, vault } = setup();
    await vault.create(PASS);
    await vault.putEntry('shipping.postal_code', '10115-SECRET');
    await vault.putEntry('Email', 'ada@example.test');
    const everythingLocal = JSON.stringify([...local.data.entries()]);
    expect(everythingLocal).not.toContain('10115-SECRET');
    expect(everythingLocal).not.toContain('ada@example.test');
    expect(everythingLocal).not.toContain('shipping');
    expect(everythingLocal).not.toContain(PASS);
    expect(local.data.has(STORAGE_KEYS.profileSessionKey)).toBe(false);
    expect(typeof session.data.get(STORAGE_KEYS.profileSessionKey)).toBe('string');
    expect(JSON.stringify([...session.data.values()])).not.toContain(PASS);
    expect((await vault.view()).entries).toEqual([
      { key: 'shipping.postal_code', value: '10115-SECRET' },
      { key: 'email', value: 'ada@example.test' },
    ]);
  });

  it('opens with the right passphrase in a new browser session and refuses a wrong one', async () => {
    const { local, vault } = setup();
    await vault.create(PASS);
    await vault.putEntry('name', 'Ada Lovelace');
    // A new browser session: local storage kept, session storage empty.
    const later = createProfileVault({ local, session: createMemoryArea() });
    expect(await later.view()).toEqual({ state: 'locked', entries: [] });
    expect(await codeOf(later.putEntry('phone', '123'))).toBe('PROFILE_LOCKED');
    expect(await codeOf(later.unlock('wrong passphrase'))).toBe('PROFILE_WRONG_PASSPHRASE');
    expect((await later.view()).state).toBe('locked');
    const opened = await later.unlock(PASS);
    expect(opened).toEqual({
      state: 'unlocked',
      entries: [{ key: 'name', value: 'Ada Lovelace' }],
    });
  });

  it('locks, forgets, and refuses a second profile or a short passphrase', async () => {
    const { local, session, vault } = setup();
    expect(await codeOf(vault.create('short'))).toBe('PROFILE_PASSPHRASE_TOO_SHORT');
    expect(await codeOf(vault.unlock(PASS))).toBe('PROFILE_NOT_SET');
    await vault.create(PASS);
    expect(await codeOf(vault.create(PASS))).toBe('PROFILE_EXISTS');
    expect(await vault.lock()).toEqual({ state: 'locked', entries: [] });
    expect(session.data.get(STORAGE_KEYS.profileSessionKey)).toBeNull();
    expect(await vault.forget()).toEqual({ state: 'none', entries: [] });
    expect(local.data.get(STORAGE_KEYS.profileVault)).toBeNull();
    expect((await vault.view()).state).toBe('none');
  });

  it('bounds entries and values, and a refusal changes nothing', async () => {
    const { local, vault } = setup();
    await vault.create(PASS);
    for (let index = 0; index < 200; index += 1)
      await vault.putEntry(`field_${index}`, `v${index}`);
    const before = structuredClone(local.data.get(STORAGE_KEYS.profileVault));
    // A 201st entry (on the way to 10,000) is refused in plain words.
    const refused = vault.putEntry('field_200', 'x');
    await expect(refused).rejects.toThrow(/at most 200 entries/);
    expect(await codeOf(vault.putEntry('field_201', 'x'))).toBe('PROFILE_LIMIT_REACHED');
    expect(await codeOf(vault.putEntry('field_0', 'x'.repeat(2_001)))).toBe(
      'PROFILE_VALUE_TOO_LONG',
    );
    expect(await codeOf(vault.putEntry('<script>', 'x'))).toBe('PROFILE_ENTRY_INVALID');
    expect(local.data.get(STORAGE_KEYS.profileVault)).toEqual(before);
    // Replacing an entry at the limit is allowed.
    await vault.putEntry('field_0', 'changed');
    expect((await vault.view()).entries[0]).toEqual({ key: 'field_0', value: 'changed' });
  });

  it('keeps script-like values as plain data and renames in place', async () => {
    const { vault } = setup();
    await vault.create(PASS);
    await vault.putEntry('note', '<img src=x onerror=alert(1)>');
    await vault.putEntry('city', 'Berlin');
    await vault.putEntry('home.city', 'Paris', 'note');
    expect((await vault.view()).entries).toEqual([
      { key: 'home.city', value: 'Paris' },
      { key: 'city', value: 'Berlin' },
    ]);
    await vault.putEntry('note2', '<img src=x onerror=alert(1)>');
    expect((await vault.view()).entries.at(-1)?.value).toBe('<img src=x onerror=alert(1)>');
    await vault.removeEntry('city');
    expect(await codeOf(vault.removeEntry('city'))).toBe('PROFILE_ENTRY_NOT_FOUND');
  });

  it('reports a damaged record instead of guessing', async () => {
    const local = createMemoryArea({ [STORAGE_KEYS.profileVault]: { version: 1, salt: 3 } });
    const vault = createProfileVault({ local, session: createMemoryArea() });
    expect(await codeOf(vault.view())).toBe('PROFILE_DAMAGED');
  });

  it('normalizes entry names', () => {
    expect(normalizeProfileKey(' Shipping Postal code ')).toBe('shipping_postal_code');
    expect(normalizeProfileKey('shipping.city')).toBe('shipping.city');
    expect(normalizeProfileKey('a.b.c')).toBeNull();
    expect(normalizeProfileKey('')).toBeNull();
  });
});
