import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTabGroups } from './browser-tab-groups';

afterEach(() => vi.unstubAllGlobals());

describe('browserTabGroups', () => {
  it('uses tab groups where the browser has them, and the badge where it has none', async () => {
    const badge: unknown[] = [];
    vi.stubGlobal('chrome', {
      tabs: { group: async () => 1 },
      action: {
        setBadgeText: async (details: unknown) => void badge.push(details),
        setBadgeBackgroundColor: async () => undefined,
      },
    });
    expect(browserTabGroups.hasGroups).toBe(false);
    await browserTabGroups.mark(4, true);
    await browserTabGroups.mark(4, false);
    expect(badge).toEqual([
      { tabId: 4, text: 'AI' },
      { tabId: 4, text: '' },
    ]);
    vi.stubGlobal('chrome', {
      tabs: { group: async () => 1 },
      tabGroups: { update: async () => undefined },
    });
    expect(browserTabGroups.hasGroups).toBe(true);
  });

  it('names and colours a new group, and makes one when the run group is gone', async () => {
    const updates: unknown[] = [];
    vi.stubGlobal('chrome', {
      tabs: {
        group: async (options: { groupId?: number }) => {
          if (options.groupId === 5) throw new Error('No group with id: 5.');
          return 9;
        },
      },
      tabGroups: { update: async (id: number, props: unknown) => void updates.push([id, props]) },
    });
    expect(await browserTabGroups.group([3], 5)).toBe(9);
    expect(updates).toEqual([[9, { title: 'Side Agent', color: 'blue' }]]);
  });
});
