// ## Owns
// Which tabs a run works in (its tab set) and the rule "the run never acts on a tab
// outside its set". On the run's first action its tab is marked as the agent's: put
// in a named, coloured tab group where the browser has tab groups (Chrome), or given
// the toolbar badge for that tab where it has none (Firefox); tabs the run opens join
// the same set. `mayActInTab` is asked before every action, next to `mayControlTab`.
// ## Why a tab taken out of the group is the person's again
// Dragging a tab out of the group (or closing the group) is how a person takes a tab
// back mid-run, so from then on the run is refused there for the rest of the run,
// even if the tab is later dragged back in: a person's "stop" is not undone by a
// drag they may not even have meant as "go on".
// ## Why the tabs are ungrouped at run end
// The group says "the agent is working here". Once the run ended nothing works there,
// and a group left behind would tell the person the wrong thing and clutter the tab
// strip after every task. The tabs the run opened stay open (the person may want to
// read them); only the group (or badge) goes, and a tab the person had in a group of
// their own goes back to it.
import type { InputFailure } from '../input/debugger-sessions';

/** The most tabs one run may work in, its first tab included. */
export const MAX_RUN_TABS = 10;
/** The group's name in the tab strip. */
export const GROUP_TITLE = 'Side Agent';

/** The browser calls the tab set needs; `browserTabGroups` is the real one. */
export interface TabGroupControl {
  /** Whether the browser has tab groups (Chrome); without them the badge marks the tabs. */
  readonly hasGroups: boolean;
  /** The group `tabId` is in (null: none), or undefined when the tab is gone. */
  groupOf(tabId: number): Promise<number | null | undefined>;
  /** Puts tabs in `groupId` (or a new named group when null); the group's id. */
  group(tabIds: readonly number[], groupId: number | null): Promise<number>;
  ungroup(tabIds: readonly number[]): Promise<void>;
  /** Puts tabs back in the person's group `groupId`; throws when that group is gone. */
  moveTo(tabIds: readonly number[], groupId: number): Promise<void>;
  /** Sets or clears (false) the badge marking a tab as the agent's. */
  mark(tabId: number, on: boolean): Promise<void>;
  /** Opens `url` in a new tab next to `nearTabId`, in its window; the new tab's id. */
  open(url: string, nearTabId: number, active: boolean): Promise<number>;
}

interface RunTabSet {
  groupId: number | null;
  readonly tabs: Set<number>;
  /** Tabs the person took back: refused for the rest of the run. */
  readonly takenBack: Set<number>;
  /** The person's own group each tab was in before the run grouped it. */
  readonly before: Map<number, number>;
}

const takenBack = (): InputFailure => ({
  code: 'TAB_TAKEN_BACK',
  message:
    'You took this tab back from Side Agent (it is no longer in the Side Agent tab group), so the agent will not act on it. Put it back in the group in a new task if you want the agent to continue there.',
});

/** The tab sets of the worker's runs. */
export function createRunTabs(control: TabGroupControl) {
  const sets = new Map<string, RunTabSet>();

  /** Whether `tabId` is still in the run's group (with the badge: always). */
  async function stillInSet(set: RunTabSet, tabId: number): Promise<boolean> {
    if (!control.hasGroups) return true;
    const groupId = await control.groupOf(tabId).catch(() => undefined);
    return groupId !== undefined && groupId !== null && groupId === set.groupId;
  }

  /** Marks `tabId` as the run's: into its group, or the badge. */
  async function enlist(set: RunTabSet, tabId: number): Promise<void> {
    if (control.hasGroups) {
      const prior = await control.groupOf(tabId).catch(() => null);
      set.groupId = await control.group([tabId], set.groupId);
      if (typeof prior === 'number' && prior !== set.groupId) set.before.set(tabId, prior);
    } else await control.mark(tabId, true);
    set.tabs.add(tabId);
  }

  /**
   * Null when the run may act in `tabId`; otherwise why not. The run's own tab
   * joins its set on the first ask, so the mark appears with the first action.
   */
  async function mayActInTab(runId: string, tabId: number): Promise<InputFailure | null> {
    let set = sets.get(runId);
    if (!set) {
      set = { groupId: null, tabs: new Set(), takenBack: new Set(), before: new Map() };
      sets.set(runId, set);
      try {
        await enlist(set, tabId);
      } catch {
        // A tab the browser will not group (a pinned tab, a window type without
        // tabs) is still the one the person started the run in: acting goes on,
        // unmarked, as before tab groups existed.
        set.tabs.add(tabId);
        set.groupId = null;
      }
      return null;
    }
    if (set.takenBack.has(tabId)) return takenBack();
    if (!set.tabs.has(tabId)) return takenBack();
    if (control.hasGroups && set.groupId === null) return null;
    if (await stillInSet(set, tabId)) return null;
    set.takenBack.add(tabId);
    return takenBack();
  }

  return {
    mayActInTab,

    /** Opens `url` in a new tab of the run's set; the tab's id or why not. */
    async openTab(
      runId: string,
      runTabId: number,
      url: string,
      active: boolean,
    ): Promise<{ ok: true; tabId: number; count: number } | { ok: false; failure: InputFailure }> {
      const refused = await mayActInTab(runId, runTabId);
      if (refused) return { ok: false, failure: refused };
      const set = sets.get(runId);
      if (!set) return { ok: false, failure: takenBack() };
      if (set.tabs.size >= MAX_RUN_TABS) {
        return {
          ok: false,
          failure: {
            code: 'TAB_LIMIT_REACHED',
            message: `This task already works in ${set.tabs.size} tabs, the most one task may open (${MAX_RUN_TABS}). Use navigate in a tab it has instead of opening another.`,
          },
        };
      }
      const tabId = await control.open(url, runTabId, active);
      try {
        await enlist(set, tabId);
      } catch {
        // The tab is open either way; it counts so the limit still holds.
        set.tabs.add(tabId);
      }
      return { ok: true, tabId, count: set.tabs.size };
    },

    /** The run's tabs in the order they joined (its start tab first). */
    tabsOf: (runId: string): readonly number[] => [...(sets.get(runId)?.tabs ?? [])],

    /**
     * The run's tabs with whether each is still the run's: in its group (with the badge,
     * always) and never taken back; a closed tab is in no group. A read: only acting
     * (`mayActInTab`) records a tab as taken back.
     */
    async membersOf(runId: string): Promise<readonly { tabId: number; inGroup: boolean }[]> {
      const set = sets.get(runId);
      if (!set) return [];
      const members: { tabId: number; inGroup: boolean }[] = [];
      for (const tabId of set.tabs) {
        let inGroup = !set.takenBack.has(tabId);
        if (inGroup && !(control.hasGroups && set.groupId === null))
          inGroup = await stillInSet(set, tabId);
        members.push({ tabId, inGroup });
      }
      return members;
    },

    /** The run's group id (null: none yet, or the browser has no groups). */
    groupOf: (runId: string): number | null => sets.get(runId)?.groupId ?? null,

    /** Ungroups (or unmarks) the run's tabs; closed tabs are skipped. */
    async release(runId: string): Promise<void> {
      const set = sets.get(runId);
      sets.delete(runId);
      if (!set) return;
      for (const tabId of set.tabs) {
        if (set.takenBack.has(tabId)) continue;
        if (control.hasGroups) {
          // Only a tab still in the run's group is ungrouped: one the person moved to
          // a group of their own stays where they put it, and one that was in their
          // group before the run goes back there (while that group still exists).
          if (!(await stillInSet(set, tabId).catch(() => false))) continue;
          const prior = set.before.get(tabId);
          const back =
            prior === undefined
              ? Promise.reject(new Error('no group of the person'))
              : control.moveTo([tabId], prior);
          await back.catch(() => control.ungroup([tabId])).catch(() => undefined);
        } else await control.mark(tabId, false).catch(() => undefined);
      }
    },
  };
}

export type RunTabs = ReturnType<typeof createRunTabs>;
