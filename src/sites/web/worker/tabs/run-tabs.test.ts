import { describe, expect, it } from 'vitest';
import { createRunTabs, MAX_RUN_TABS, type TabGroupControl } from './run-tabs';

/** A fake tab strip: tab ids to group ids (null: ungrouped), and badge marks. */
function fakeTabStrip(options: { hasGroups?: boolean; refuseGroup?: boolean } = {}) {
  const groups = new Map<number, number | null>([[7, null]]);
  const marks = new Set<number>();
  const calls: string[] = [];
  let nextGroup = 100;
  let nextTab = 50;
  const control: TabGroupControl = {
    hasGroups: options.hasGroups ?? true,
    async groupOf(tabId) {
      return groups.has(tabId) ? (groups.get(tabId) ?? null) : undefined;
    },
    async group(tabIds, groupId) {
      if (options.refuseGroup) throw new Error('Tabs cannot be grouped here');
      const existing = groupId !== null && [...groups.values()].includes(groupId);
      const id = existing ? groupId : (nextGroup += 1);
      for (const tabId of tabIds) groups.set(tabId, id);
      calls.push(`group ${tabIds.join(',')} -> ${id}`);
      return id;
    },
    async ungroup(tabIds) {
      for (const tabId of tabIds) groups.set(tabId, null);
      calls.push(`ungroup ${tabIds.join(',')}`);
    },
    async moveTo(tabIds, groupId) {
      if (![...groups.values()].includes(groupId)) throw new Error('No group with id');
      for (const tabId of tabIds) groups.set(tabId, groupId);
      calls.push(`move ${tabIds.join(',')} -> ${groupId}`);
    },
    async mark(tabId, on) {
      if (on) marks.add(tabId);
      else marks.delete(tabId);
      calls.push(`mark ${tabId} ${on}`);
    },
    async open(url) {
      nextTab += 1;
      groups.set(nextTab, null);
      calls.push(`open ${url}`);
      return nextTab;
    },
  };
  return { control, groups, marks, calls };
}

describe('createRunTabs', () => {
  it('puts the run tab in a new group on the first action, and keeps acting there', async () => {
    const strip = fakeTabStrip();
    const tabs = createRunTabs(strip.control);
    expect(await tabs.mayActInTab('run-1', 7)).toBeNull();
    expect(strip.groups.get(7)).toBe(101);
    expect(tabs.groupOf('run-1')).toBe(101);
    expect(await tabs.mayActInTab('run-1', 7)).toBeNull();
    expect(strip.calls).toEqual(['group 7 -> 101']);
  });

  it('refuses a tab the person dragged out of the group, for the rest of the run', async () => {
    const strip = fakeTabStrip();
    const tabs = createRunTabs(strip.control);
    await tabs.mayActInTab('run-1', 7);
    strip.groups.set(7, null);
    const refused = await tabs.mayActInTab('run-1', 7);
    expect(refused).toMatchObject({ code: 'TAB_TAKEN_BACK' });
    expect(refused?.message).toMatch(/You took this tab back from Side Agent/);
    strip.groups.set(7, 101);
    expect(await tabs.mayActInTab('run-1', 7)).toMatchObject({ code: 'TAB_TAKEN_BACK' });
  });

  it('refuses a tab moved to another group, and one whose group the person closed', async () => {
    const strip = fakeTabStrip();
    const tabs = createRunTabs(strip.control);
    await tabs.mayActInTab('run-1', 7);
    strip.groups.set(7, 555);
    expect(await tabs.mayActInTab('run-1', 7)).toMatchObject({ code: 'TAB_TAKEN_BACK' });
    await tabs.mayActInTab('run-2', 8);
    strip.groups.delete(8);
    expect(await tabs.mayActInTab('run-2', 8)).toMatchObject({ code: 'TAB_TAKEN_BACK' });
  });

  it('never acts in a tab outside its set', async () => {
    const tabs = createRunTabs(fakeTabStrip().control);
    await tabs.mayActInTab('run-1', 7);
    expect(await tabs.mayActInTab('run-1', 9)).toMatchObject({ code: 'TAB_TAKEN_BACK' });
  });

  it('marks the tab with the badge where the browser has no tab groups', async () => {
    const strip = fakeTabStrip({ hasGroups: false });
    const tabs = createRunTabs(strip.control);
    expect(await tabs.mayActInTab('run-1', 7)).toBeNull();
    expect([...strip.marks]).toEqual([7]);
    const opened = await tabs.openTab('run-1', 7, 'https://shop.example/b', false);
    expect(opened).toMatchObject({ ok: true, count: 2 });
    await tabs.release('run-1');
    expect([...strip.marks]).toEqual([]);
    expect(strip.calls.filter((call) => call.startsWith('group'))).toEqual([]);
  });

  it('goes on unmarked when the browser will not group the tab', async () => {
    const strip = fakeTabStrip({ refuseGroup: true });
    const tabs = createRunTabs(strip.control);
    expect(await tabs.mayActInTab('run-1', 7)).toBeNull();
    expect(await tabs.mayActInTab('run-1', 7)).toBeNull();
    expect(tabs.groupOf('run-1')).toBeNull();
  });

  it('opens new tabs into the run group, at most MAX_RUN_TABS in all', async () => {
    const strip = fakeTabStrip();
    const tabs = createRunTabs(strip.control);
    const first = await tabs.openTab('run-1', 7, 'https://shop.example/1', false);
    expect(first).toMatchObject({ ok: true, count: 2 });
    if (!first.ok) throw new Error('not opened');
    expect(strip.groups.get(first.tabId)).toBe(strip.groups.get(7));
    expect(await tabs.mayActInTab('run-1', first.tabId)).toBeNull();
    for (let index = 2; index < MAX_RUN_TABS; index += 1)
      expect((await tabs.openTab('run-1', 7, `https://shop.example/${index}`, false)).ok).toBe(
        true,
      );
    const over = await tabs.openTab('run-1', 7, 'https://shop.example/over', false);
    expect(over).toMatchObject({ ok: false, failure: { code: 'TAB_LIMIT_REACHED' } });
    expect(!over.ok && over.failure.message).toMatch(/10/);
    expect(strip.calls.filter((call) => call.startsWith('open'))).toHaveLength(MAX_RUN_TABS - 1);
    expect(tabs.tabsOf('run-1')).toHaveLength(MAX_RUN_TABS);
  });

  it('opens no tab from a run tab the person took back', async () => {
    const strip = fakeTabStrip();
    const tabs = createRunTabs(strip.control);
    await tabs.mayActInTab('run-1', 7);
    strip.groups.set(7, null);
    const opened = await tabs.openTab('run-1', 7, 'https://shop.example/1', false);
    expect(opened).toMatchObject({ ok: false, failure: { code: 'TAB_TAKEN_BACK' } });
    expect(strip.calls.some((call) => call.startsWith('open'))).toBe(false);
  });

  it('ungroups the run tabs at run end, leaving tabs the person moved elsewhere', async () => {
    const strip = fakeTabStrip();
    const tabs = createRunTabs(strip.control);
    const opened = await tabs.openTab('run-1', 7, 'https://shop.example/1', false);
    if (!opened.ok) throw new Error('not opened');
    strip.groups.set(opened.tabId, 777);
    await tabs.release('run-1');
    expect(strip.groups.get(7)).toBeNull();
    expect(strip.groups.get(opened.tabId)).toBe(777);
    expect(tabs.tabsOf('run-1')).toEqual([]);
    // A new run starts a new set (and group) of its own.
    expect(await tabs.mayActInTab('run-2', 7)).toBeNull();
    expect(tabs.groupOf('run-2')).not.toBeNull();
  });

  it('puts a tab back in the person own group at run end, or ungroups it once that is gone', async () => {
    const strip = fakeTabStrip();
    strip.groups.set(7, 40);
    strip.groups.set(9, 40);
    strip.groups.set(8, 41);
    const tabs = createRunTabs(strip.control);
    await tabs.mayActInTab('run-1', 7);
    await tabs.mayActInTab('run-2', 8);
    expect(strip.groups.get(7)).toBe(101);
    // The person's group 40 still has tab 9; group 41 emptied when tab 8 left it.
    await tabs.release('run-1');
    expect(strip.groups.get(7)).toBe(40);
    await tabs.release('run-2');
    expect(strip.groups.get(8)).toBeNull();
  });
});
