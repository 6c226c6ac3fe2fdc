// What site access keeps in chrome.storage.session, which survives worker restarts and
// ends with the browser session: the tabs where the toolbar button gave Side Agent
// temporary access (activeTab), and on which of them the person chose "Only now". The
// browser drops that access on its own (a cross-origin navigation, the tab closing, a
// restart); the lifecycle drops the record on the same events, and a restart clears
// session storage, so an "Only now" grant can never outlive the access it rides on.
import { TabIdSchema, TimestampSchema, boundedArray } from '../../shared/schema/bounded';
import { z } from '../../shared/schema/zod';
import { HostPatternSchema, MAX_ACTIVE_TABS } from '../../shared/protocol/site-access-messages';
import type { KeyValueArea } from '../storage/key-value-area';
import { STORAGE_KEYS } from '../storage/storage-keys';

const ActiveTabSchema = z.strictObject({
  tabId: TabIdSchema,
  /** The host the click gave access to (the tab's site at the click). */
  pattern: HostPatternSchema,
  /** When the person chose "Only now" on this tab; null while they have not. */
  onceSince: TimestampSchema.nullable(),
});
export type ActiveTab = z.infer<typeof ActiveTabSchema>;

export interface SessionRecords {
  activeTabs(): Promise<readonly ActiveTab[]>;
  /** Replaces the records with `change(current)`; true when they changed. */
  updateActiveTabs(
    change: (current: readonly ActiveTab[]) => readonly ActiveTab[],
  ): Promise<boolean>;
}

export function createSessionRecords(area: KeyValueArea): SessionRecords {
  let active: readonly ActiveTab[] | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const load = async () => {
    if (active) return active;
    // Damaged records count for nothing: at worst "Only now" is asked again.
    const parsed = boundedArray(ActiveTabSchema, MAX_ACTIVE_TABS).safeParse(
      await area.get(STORAGE_KEYS.activeTabs),
    );
    active = parsed.success ? parsed.data : [];
    return active;
  };
  return {
    activeTabs: load,
    updateActiveTabs(change) {
      const next = queue.then(async () => {
        const current = await load();
        // The newest records win when the bound is reached.
        const changed = change(current).slice(-MAX_ACTIVE_TABS);
        const same =
          changed.length === current.length &&
          changed.every((record, index) => record === current[index]);
        if (same) return false;
        await area.set(STORAGE_KEYS.activeTabs, changed);
        active = changed;
        return true;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
