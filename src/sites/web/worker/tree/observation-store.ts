// ## Owns
// The last tree each run observed of each part of its page (per filter and subtree),
// for reading on (`page` 2, 3, …) from the same snapshot and for "what changed since
// then". Bounded: a few observations, the least recently used go first. A worker
// restart forgets them; the tool then observes afresh.
import type { ObservedLines } from './tree-changes';

export interface StoredObservation extends ObservedLines {
  readonly url: string;
  readonly title: string;
  /** Date.now() when it was observed. */
  readonly at: number;
  /** The notes the first page carried (hidden counts, frames, cuts), for later pages. */
  readonly notes: readonly string[];
}

const MAX_OBSERVATIONS = 8;

export interface ObservationStore {
  get(key: string): StoredObservation | null;
  set(key: string, observation: StoredObservation): void;
}

export function createObservationStore(limit = MAX_OBSERVATIONS): ObservationStore {
  const entries = new Map<string, StoredObservation>();
  return {
    get(key) {
      const found = entries.get(key);
      if (!found) return null;
      entries.delete(key);
      entries.set(key, found);
      return found;
    },
    set(key, observation) {
      entries.delete(key);
      entries.set(key, observation);
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
  };
}

/** The key of one part of one run's page. */
export function observationKey(
  runId: string,
  tabId: number,
  filter: string,
  ref: string | null,
): string {
  return JSON.stringify([runId, tabId, filter, ref]);
}
