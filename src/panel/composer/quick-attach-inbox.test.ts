import { describe, expect, it, vi } from 'vitest';
import { QuickAttachInbox, REMEMBERED_EVENT_IDS, type ServedTab } from './quick-attach-inbox';

function inbox(served: ServedTab | null = { tabId: 7, windowId: 3 }) {
  const add = vi.fn(async () => undefined);
  const act = vi.fn(async () => undefined);
  const value = new QuickAttachInbox({ served: () => served, add, act });
  return { value, add, act };
}
const click = (
  eventId: string,
  tabId = 7,
  windowId = 3,
  kind: 'selection' | 'image' = 'selection',
) => ({ tabId, windowId, kind, eventId });

describe('QuickAttachInbox', () => {
  it('adds a click of the served tab and window through the "+ Add" path', async () => {
    const { value, add } = inbox();
    value.ready();
    expect(value.receive(click('e1'))).toBe('added');
    expect(value.receive(click('e2', 7, 3, 'image'))).toBe('added');
    await value.settled();
    expect(add.mock.calls).toEqual([
      ['selection', 7],
      ['opened-image', 7],
    ]);
  });

  it('refuses a click from another window or another tab', async () => {
    const { value, add } = inbox();
    value.ready();
    expect(value.receive(click('e1', 7, 4))).toBe('other-tab');
    expect(value.receive(click('e2', 8, 3))).toBe('other-tab');
    await value.settled();
    expect(add).not.toHaveBeenCalled();
  });

  it('refuses everything when the panel serves no tab', () => {
    const { value, add } = inbox(null);
    value.ready();
    expect(value.receive(click('e1'))).toBe('other-tab');
    expect(add).not.toHaveBeenCalled();
  });

  it('ignores a duplicate event id', async () => {
    const { value, add } = inbox();
    value.ready();
    value.receive(click('e1'));
    expect(value.receive(click('e1'))).toBe('duplicate');
    await value.settled();
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('remembers the last 128 event ids', () => {
    const { value } = inbox();
    value.ready();
    for (let index = 0; index <= REMEMBERED_EVENT_IDS; index += 1)
      value.receive(click(`e${index}`));
    expect(value.receive(click('e0'))).toBe('added');
    expect(value.receive(click(`e${REMEMBERED_EVENT_IDS}`))).toBe('duplicate');
  });

  it('holds clicks until the panel knows its tab, then applies the same rules', async () => {
    const { value, add } = inbox();
    expect(value.receive(click('e1'))).toBe('held');
    expect(value.receive(click('e1'))).toBe('held');
    expect(value.receive(click('e2', 9, 3))).toBe('held');
    expect(add).not.toHaveBeenCalled();
    value.ready();
    await value.settled();
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('keeps adding after one add failed', async () => {
    const add = vi.fn().mockRejectedValueOnce(new Error('page gone')).mockResolvedValue(undefined);
    const value = new QuickAttachInbox({
      served: () => ({ tabId: 7, windowId: 3 }),
      add,
      act: vi.fn(),
    });
    value.ready();
    value.receive(click('e1'));
    value.receive(click('e2'));
    await value.settled();
    expect(add).toHaveBeenCalledTimes(2);
  });

  it('sends a quick action of the served tab instead of adding, once per click', async () => {
    const { value, add, act } = inbox();
    value.ready();
    expect(value.receive({ ...click('e1'), action: 'improve' })).toBe('acted');
    expect(value.receive({ ...click('e1'), action: 'improve' })).toBe('duplicate');
    expect(value.receive({ ...click('e2', 8, 3), action: 'fix' })).toBe('other-tab');
    await value.settled();
    expect(act.mock.calls).toEqual([['improve', 7]]);
    expect(add).not.toHaveBeenCalled();
  });
});
