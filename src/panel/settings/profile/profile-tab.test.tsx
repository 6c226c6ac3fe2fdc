import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../chat/__fixtures__/fake-panel-api';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { ProfileEntry, ProfileView } from '../../../shared/protocol/profile-messages';
import { mount, settle, typeInto } from '../__fixtures__/dom';
import { ProfileTab } from './profile-tab';

const PASS = 'long enough passphrase';

/** The worker's side of the profile methods, as the vault answers them (no crypto). */
function fakeVault() {
  let passphrase: string | null = null;
  let open = false;
  let entries: ProfileEntry[] = [];
  const view = (): ProfileView =>
    passphrase === null
      ? { state: 'none', entries: [] }
      : open
        ? { state: 'unlocked', entries: [...entries] }
        : { state: 'locked', entries: [] };
  const unlocked = () => {
    if (!open) throw new ProtocolFailure('PROFILE_LOCKED', 'The profile is locked.');
  };
  return {
    view: async () => view(),
    create: async (next: string) => ((passphrase = next), (open = true), view()),
    unlock: async (given: string) => {
      if (given !== passphrase)
        throw new ProtocolFailure(
          'PROFILE_WRONG_PASSPHRASE',
          'That passphrase does not open the saved profile.',
        );
      open = true;
      return view();
    },
    lock: async () => ((open = false), view()),
    putEntry: async (rawKey: string, value: string, previousKey?: string) => {
      unlocked();
      const key = rawKey.trim().toLowerCase().replace(/\s+/g, '_');
      if (!/^[a-z0-9][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*)?$/.test(key))
        throw new ProtocolFailure(
          'PROFILE_ENTRY_INVALID',
          'An entry name uses letters, digits, _ and -, optionally grouped by one dot.',
        );
      const at = entries.findIndex((entry) => entry.key === (previousKey ?? key));
      if (at < 0) entries = [...entries, { key, value }];
      else entries = entries.map((entry, index) => (index === at ? { key, value } : entry));
      return view();
    },
    removeEntry: async (key: string) => {
      unlocked();
      entries = entries.filter((entry) => entry.key !== key);
      return view();
    },
    forget: async () => ((passphrase = null), (open = false), (entries = []), view()),
  };
}

/** The tab against the fake worker. */
async function setup() {
  const vault = fakeVault();
  let pending = 0;
  const track =
    <T, R>(work: (payload: T) => Promise<R>) =>
    async (payload: T) => {
      pending += 1;
      try {
        return await work(payload);
      } finally {
        pending -= 1;
      }
    };
  const fake = createFakeApi({
    'profile/status': track(() => vault.view()),
    'profile/create': track((payload: { passphrase: string }) => vault.create(payload.passphrase)),
    'profile/unlock': track((payload: { passphrase: string }) => vault.unlock(payload.passphrase)),
    'profile/lock': track(() => vault.lock()),
    'profile/put-entry': track((payload: { key: string; value: string; previousKey?: string }) =>
      vault.putEntry(payload.key, payload.value, payload.previousKey),
    ),
    'profile/remove-entry': track((payload: { key: string }) => vault.removeEntry(payload.key)),
    'profile/forget': track(() => vault.forget()),
  });
  const container = mount(<ProfileTab client={fake.api} />);
  await settle();
  const q = <T extends Element = HTMLElement>(id: string) =>
    container.querySelector<T & HTMLElement>(`[data-testid="${id}"]`);
  // Waits until the worker's answer is applied.
  const click = async (element: Element | null) => {
    const calls = fake.types().length;
    act(() => (element as HTMLElement).click());
    for (let round = 0; round < 400; round += 1) {
      await settle(2);
      if (fake.types().length > calls ? pending === 0 : round > 20) break;
    }
    await settle(2);
  };
  const state = () => container.querySelector('section')?.getAttribute('data-state');
  const entries = () =>
    [...container.querySelectorAll('[data-testid="profile-entry"]')].map((node) => [
      node.querySelector('[data-testid="profile-entry-name"]')?.textContent,
      node.querySelector('[data-testid="profile-entry-text"]')?.textContent,
    ]);
  const addEntry = async (key: string, value: string) => {
    typeInto(q('profile-add-form')!.querySelector('[data-testid="profile-entry-key"]'), key);
    typeInto(q('profile-add-form')!.querySelector('[data-testid="profile-entry-value"]'), value);
    await click(q('profile-add-form')!.querySelector('[data-testid="profile-entry-save"]'));
  };
  return { container, q, click, state, entries, addEntry, vault };
}

describe('ProfileTab', () => {
  it('sets a passphrase (typed twice), then adds entries shown as plain text', async () => {
    const view = await setup();
    expect(view.q('profile-none')).not.toBeNull();
    typeInto(view.q('profile-passphrase'), PASS);
    typeInto(view.q('profile-passphrase-again'), 'something else');
    await view.click(view.q('profile-create'));
    expect(view.container.querySelector('[role="alert"]')?.textContent).toMatch(/differ/);
    expect(view.state()).toBe('none');
    typeInto(view.q('profile-passphrase-again'), PASS);
    await view.click(view.q('profile-create'));
    expect(view.state()).toBe('unlocked');
    expect(view.q('profile-empty')).not.toBeNull();
    await view.addEntry('shipping.city', 'Berlin');
    await view.addEntry('Note', '<img src=x onerror="alert(1)"><script>alert(2)</script>');
    expect(view.entries()).toEqual([
      ['shipping.city', 'Berlin'],
      ['note', '<img src=x onerror="alert(1)"><script>alert(2)</script>'],
    ]);
    expect(view.container.querySelector('img, script')).toBeNull();
  });

  it('shows a refused entry in plain words, edits and removes entries', async () => {
    const view = await setup();
    typeInto(view.q('profile-passphrase'), PASS);
    typeInto(view.q('profile-passphrase-again'), PASS);
    await view.click(view.q('profile-create'));
    await view.addEntry('a.b.c', 'x');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toMatch(/letters, digits/);
    await view.addEntry('email', 'ada@example.test');
    await view.click(view.container.querySelector('[aria-label="Edit email"]'));
    const form = view.q('profile-edit-form')!;
    typeInto(form.querySelector('[data-testid="profile-entry-value"]'), 'ada@lovelace.test');
    await view.click(form.querySelector('[data-testid="profile-entry-save"]'));
    expect(view.entries()).toEqual([['email', 'ada@lovelace.test']]);
    await view.click(view.container.querySelector('[aria-label="Remove email"]'));
    expect(view.entries()).toEqual([]);
  });

  it('locks, refuses a wrong passphrase, unlocks, and forgets only after confirming', async () => {
    const view = await setup();
    typeInto(view.q('profile-passphrase'), PASS);
    typeInto(view.q('profile-passphrase-again'), PASS);
    await view.click(view.q('profile-create'));
    await view.addEntry('name', 'Ada');
    await view.click(view.q('profile-lock'));
    expect(view.state()).toBe('locked');
    expect(view.q('profile-unlock')?.textContent).toBe('Unlock profile');
    expect(view.container.textContent).not.toContain('Ada');
    typeInto(view.q('profile-passphrase'), 'not the passphrase');
    await view.click(view.q('profile-unlock'));
    expect(view.container.querySelector('[role="alert"]')?.textContent).toMatch(
      /passphrase does not open/,
    );
    typeInto(view.q('profile-passphrase'), PASS);
    await view.click(view.q('profile-unlock'));
    expect(view.entries()).toEqual([['name', 'Ada']]);
    await view.click(view.q('profile-forget'));
    expect(view.state()).toBe('unlocked');
    const confirm = [...view.container.querySelectorAll('button')].find(
      (node) =>
        node.textContent === 'Forget profile' &&
        node.closest('[role="dialog"], [role="alertdialog"]'),
    );
    await view.click(confirm ?? null);
    expect(view.state()).toBe('none');
    expect(view.q('profile-message')?.textContent).toBe('Profile forgotten.');
  });
});
