// ## Owns
// How the run's tabs are named to the model and listed: short handles (t1 is the tab
// the run started in, then the tabs in the order they joined) instead of browser ids,
// which mean nothing to the model and could name a tab outside the run; and a bounded
// listing, so a run with many tabs never floods the model's context.
import type { JsonValue } from '../../../../worker/tools/define-tool';

/** Tabs one listing names; the rest are counted. */
export const LISTED_TABS = 20;
/** Characters of a tab's title and of its address in a listing. */
export const TITLE_CHARS = 80;
export const ADDRESS_CHARS = 100;

/** The handle of the run's tab at `index` (0: the tab the run started in). */
export const handleAt = (index: number): string => `t${index + 1}`;

/** The tab a handle names among the run's tabs; undefined for anything else. */
export function tabOfHandle(tabIds: readonly number[], handle: string): number | undefined {
  const match = /^t([1-9][0-9]{0,3})$/.exec(handle.trim().toLowerCase());
  return match ? tabIds[Number(match[1]) - 1] : undefined;
}

/** One tab as the browser shows it now; undefined when it was closed. */
export interface TabFacts {
  readonly title: string;
  readonly url: string;
}

export interface ListedTab {
  readonly tab: string;
  readonly title: string;
  readonly address: string;
  readonly current: boolean;
  readonly in_group: boolean;
  readonly [key: string]: JsonValue;
}

const oneLine = (text: string, max: number): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}\u2026`;
};

/**
 * Host and path only: the query and fragment can carry tokens and session ids the
 * model has no need of.
 */
export function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return oneLine(`${parsed.host}${parsed.pathname}`, ADDRESS_CHARS);
  } catch {
    return '';
  }
}

/** A run tab as the listing sees it: its handle's index, membership and browser facts. */
export interface TabRow {
  readonly index: number;
  readonly tabId: number;
  readonly inGroup: boolean;
  readonly facts: TabFacts | undefined;
}

/**
 * The open tabs of `rows`, the current one always among them, at most `limit`; closed
 * tabs are counted, not listed.
 */
export function listTabRows(
  rows: readonly TabRow[],
  currentTabId: number,
  limit = LISTED_TABS,
): { tabs: ListedTab[]; open: number; closed: number } {
  const open = rows.filter((row) => row.facts !== undefined);
  let shown = open.slice(0, limit);
  const current = open.find((row) => row.tabId === currentTabId);
  if (current && !shown.includes(current)) shown = [...shown.slice(0, limit - 1), current];
  const tabs = shown.map((row) => ({
    tab: handleAt(row.index),
    title: oneLine(row.facts?.title ?? '', TITLE_CHARS),
    address: addressOf(row.facts?.url ?? ''),
    current: row.tabId === currentTabId,
    in_group: row.inGroup,
  }));
  return { tabs, open: open.length, closed: rows.length - open.length };
}
