import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import type { SessionMeta } from '../../shared/protocol/chat-records';
import { button, click, mount, settle, typeInto } from '../settings/__fixtures__/dom';
import { PROJECT, createFakeWorker, sessionMeta } from '../settings/__fixtures__/fake-worker';
import { SessionMenu, openLatestOrCreate } from './session-menu';

afterEach(() => {
  document.body.innerHTML = '';
});

function fakeStore(initial: SessionMeta[]) {
  let sessions = [...initial];
  let counter = 0;
  const fake = createFakeWorker({
    'session/list': () => [...sessions].sort((a, b) => b.updatedAt - a.updatedAt),
    'session/create': ({ name }: { name?: string }) => {
      counter += 1;
      const created = sessionMeta({
        id: `new-${counter}`,
        name: name ?? 'New chat',
        updatedAt: 1_800_000_000_000 + counter,
        turnCount: 0,
        preview: '',
      });
      sessions.push(created);
      return created;
    },
    'session/rename': ({ sessionId, name }: { sessionId: string; name: string }) => {
      sessions = sessions.map((item) =>
        item.id === sessionId ? { ...item, name, userRenamed: true } : item,
      );
      return sessions.find((item) => item.id === sessionId);
    },
    'session/delete': ({ sessionId }: { sessionId: string }) => {
      const before = sessions.length;
      sessions = sessions.filter((item) => item.id !== sessionId);
      return { deleted: sessions.length < before };
    },
  });
  return { fake, sessions: () => sessions };
}

const chats = [
  sessionMeta({ id: 'a', name: 'Older chat', updatedAt: 1_700_000_000_000 }),
  sessionMeta({ id: 'b', name: 'Newer chat', updatedAt: 1_700_000_500_000 }),
];

function renderMenu(store: ReturnType<typeof fakeStore>, currentSessionId: string | null = 'b') {
  const onSwitch = vi.fn();
  const onCreate = vi.fn();
  const root = mount(
    <SessionMenu
      client={store.fake.client}
      scope={PROJECT}
      currentSessionId={currentSessionId}
      onSwitch={onSwitch}
      onCreate={onCreate}
    />,
  );
  return { root, onSwitch, onCreate };
}

const rowNamed = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll<HTMLElement>('[data-testid="chat-row"]')].find(
    (row) => row.querySelector('[data-testid="chat-name"]')?.textContent === name,
  )!;

describe('SessionMenu', () => {
  it('lists the project chats newest first and switches on click', async () => {
    const store = fakeStore(chats);
    const { root, onSwitch } = renderMenu(store);
    await settle();
    click(root.querySelector<HTMLElement>('[data-testid="session-menu-button"]')!);
    expect(
      root.querySelector('[data-testid="session-menu-button"]')?.getAttribute('aria-expanded'),
    ).toBe('true');
    const names = [...root.querySelectorAll('[data-testid="chat-name"]')].map(
      (item) => item.textContent,
    );
    expect(names).toEqual(['Newer chat', 'Older chat']);
    click(rowNamed(root, 'Older chat').querySelector<HTMLElement>('[data-testid="chat-name"]')!);
    expect(onSwitch).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    expect(store.fake.of('session/list')[0]?.payload).toEqual({ scope: PROJECT });
  });

  it('creates a chat in the current project', async () => {
    const store = fakeStore(chats);
    const { root, onCreate } = renderMenu(store);
    await settle();
    click(button(root, 'New chat'));
    await settle();
    expect(store.fake.of('session/create')[0]?.payload).toEqual({
      scope: PROJECT,
      name: 'New chat',
    });
    expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ id: 'new-1' }));
  });

  it('renames inline: Enter saves, Escape cancels', async () => {
    const store = fakeStore(chats);
    const { root } = renderMenu(store);
    await settle();
    click(button(rowNamed(root, 'Older chat'), 'Rename chat Older chat'));
    const input = root.querySelector<HTMLInputElement>('input.sa-rename')!;
    expect(document.activeElement).toBe(input);
    typeInto(input, 'Thesis intro');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await settle();
    expect(store.fake.of('session/rename')[0]?.payload).toEqual({
      sessionId: 'a',
      name: 'Thesis intro',
    });
    expect(rowNamed(root, 'Thesis intro')).toBeTruthy();
    click(button(rowNamed(root, 'Thesis intro'), 'Rename chat Thesis intro'));
    const again = root.querySelector<HTMLInputElement>('input.sa-rename')!;
    typeInto(again, 'Discarded');
    again.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(store.fake.of('session/rename')).toHaveLength(1);
  });

  it('deletes only after an in-panel confirmation that takes and returns focus', async () => {
    const store = fakeStore(chats);
    const { root } = renderMenu(store);
    await settle();
    const deleteButton = button(rowNamed(root, 'Older chat'), 'Delete chat Older chat');
    deleteButton.focus();
    click(deleteButton);
    const dialog = root.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('"Older chat"');
    expect(document.activeElement?.textContent).toBe('Cancel');
    click(button(dialog as HTMLElement, 'Cancel'));
    expect(root.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(deleteButton);
    expect(store.fake.of('session/delete')).toHaveLength(0);
    click(deleteButton);
    click(button(root.querySelector('[role="dialog"]') as HTMLElement, 'Delete chat'));
    await settle();
    expect(store.fake.of('session/delete')[0]?.payload).toEqual({ sessionId: 'a' });
    expect(store.sessions().map((item) => item.id)).toEqual(['b']);
  });

  it('falls back to the newest remaining chat, or a new one, when the open chat is deleted', async () => {
    const store = fakeStore(chats);
    const { root, onSwitch, onCreate } = renderMenu(store, 'b');
    await settle();
    click(button(rowNamed(root, 'Newer chat'), 'Delete chat Newer chat'));
    click(button(root.querySelector('[role="dialog"]') as HTMLElement, 'Delete chat'));
    await settle(5);
    expect(onSwitch).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    const lone = fakeStore([sessionMeta({ id: 'only', name: 'Only chat' })]);
    const second = renderMenu(lone, 'only');
    await settle();
    click(button(rowNamed(second.root, 'Only chat'), 'Delete chat Only chat'));
    click(button(second.root.querySelector('[role="dialog"]') as HTMLElement, 'Delete chat'));
    await settle(5);
    expect(second.onCreate).toHaveBeenCalledWith(expect.objectContaining({ name: 'New chat' }));
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('renders hostile chat names and previews as text', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    const store = fakeStore([sessionMeta({ id: 'h', name: hostile, preview: hostile })]);
    const { root } = renderMenu(store, 'h');
    await settle();
    expect(root.querySelector('img, script')).toBeNull();
    expect(root.querySelector('[data-testid="chat-name"]')?.textContent).toBe(hostile);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe('openLatestOrCreate', () => {
  it('opens the newest chat of the project', async () => {
    const store = fakeStore(chats);
    const result = await openLatestOrCreate(store.fake.client, PROJECT);
    expect(result).toEqual({
      ok: true,
      data: { session: expect.objectContaining({ id: 'b' }), isNew: false },
    });
    expect(store.fake.of('session/create')).toHaveLength(0);
  });

  it('creates "New chat" when the project has none', async () => {
    const store = fakeStore([]);
    const result = await openLatestOrCreate(store.fake.client, PROJECT);
    expect(result).toMatchObject({
      ok: true,
      data: { isNew: true, session: { name: 'New chat' } },
    });
  });
});

describe('SessionMenu popover', () => {
  it('closes on a pointer down outside but not inside', async () => {
    const store = fakeStore(chats);
    const { root } = renderMenu(store);
    await settle();
    const toggle = root.querySelector<HTMLElement>('[data-testid="session-menu-button"]')!;
    click(toggle);
    const inside = root.querySelector('[data-testid="chat-row"]')!;
    await act(async () => {
      inside.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await act(async () => {
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
