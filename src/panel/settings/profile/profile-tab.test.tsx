import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../chat/__fixtures__/fake-panel-api';
import { createMemoryArea } from '../../../worker/storage/__fixtures__/memory-area';
import { createProfileVault } from '../../../worker/profile/profile-vault';
import { mount, settle, typeInto } from '../__fixtures__/dom';
import { ProfileTab } from './profile-tab';

const PASS = 'long enough passphrase';

/** The tab against a real vault over in-memory areas, as the worker's handlers would serve it. */
async function setup() {
  const local = createMemoryArea();
  const session = createMemoryArea();
  const vault = createProfileVault({ local, session });
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
  // Key derivation takes real time: wait until the worker's answer is applied.
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
  return { container, q, click, state, entries, addEntry, local };
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
    expect(JSON.stringify([...view.local.data.values()])).not.toContain('Berlin');
  });

  it('shows a refused entry in plain words, edits and removes entries', async () => {
    const view = await setup();
    typeInto(view.q('profile-passphrase'), PASS);
    typeInto(view.q('profile-passphrase-again'), PASS);
    await view.click(view.q('profile-create'));
    await view.addEntry('a.b.c', 'x');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toMatch(
      /letters, digits/,
    );
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
      (node) => node.textContent === 'Forget profile' && node.closest('[role="dialog"], [role="alertdialog"]'),
    );
    await view.click(confirm ?? null);
    expect(view.state()).toBe('none');
    expect(view.q('profile-message')?.textContent).toBe('Profile forgotten.');
  });
});
