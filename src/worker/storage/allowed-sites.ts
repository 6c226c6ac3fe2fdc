// ## Owns
// The record of the sites the person allowed Side Agent on with "Always allow", in
// chrome.storage.local (`sites.allowed.v1`, one bounded zod schema). It decides
// nothing: whether the bridge may run is `mayBridgeRun` over this record and what the
// browser grants. "Only now" grants live with the toolbar's temporary access in
// session storage (src/worker/site-access/session-records.ts).
// ## Never
// Loses a valid grant because another one is damaged: entries are validated one by
// one, invalid ones are dropped and reported (a dropped grant fails closed: the card
// asks again), and a pattern appears at most once.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { TimestampSchema, boundedArray } from '../../shared/schema/bounded';
import { z } from '../../shared/schema/zod';
import { HostPatternSchema, MAX_ALLOWED_SITES } from '../../shared/protocol/site-access-messages';
import type { KeyValueArea } from './key-value-area';
import { STORAGE_KEYS } from './storage-keys';
import { toWriteFailure } from './storage-errors';

export const AlwaysGrantSchema = z.strictObject({
  pattern: HostPatternSchema,
  since: TimestampSchema,
  /**
   * Whether the host permission is ours to remove when the grant ends: `requested` the
   * panel asked the browser for it; `present` the browser held it already (a model
   * endpoint on the same host).
   */
  permission: z.enum(['requested', 'present']),
});
export type AlwaysGrant = z.infer<typeof AlwaysGrantSchema>;

export const AllowedSitesSchema = z.strictObject({
  always: boundedArray(AlwaysGrantSchema, MAX_ALLOWED_SITES),
});
export type AllowedSites = z.infer<typeof AllowedSitesSchema>;

export const NO_ALLOWED_SITES: AllowedSites = Object.freeze({ always: [] });

/** Keeps every valid, distinct entry of a stored value; reports what it had to drop. */
export function normalizeAllowedSites(
  stored: unknown,
  report: (problem: string) => void,
): AllowedSites {
  if (stored === undefined) return NO_ALLOWED_SITES;
  const record = typeof stored === 'object' && stored !== null ? stored : {};
  const value = (record as Record<string, unknown>)['always'];
  const list: unknown[] = Array.isArray(value) ? value : [];
  const seen = new Set<string>();
  const kept = list.flatMap((item) => {
    const parsed = AlwaysGrantSchema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.pattern)) return [];
    seen.add(parsed.data.pattern);
    return [parsed.data];
  });
  const dropped = list.length - kept.length;
  if (!Array.isArray(value)) report(`${STORAGE_KEYS.allowedSites}: the list was unreadable`);
  else if (dropped > 0) report(`${STORAGE_KEYS.allowedSites}: dropped ${dropped} invalid entries`);
  if (kept.length > MAX_ALLOWED_SITES)
    report(`${STORAGE_KEYS.allowedSites}: kept the first ${MAX_ALLOWED_SITES} sites`);
  return { always: kept.slice(0, MAX_ALLOWED_SITES) };
}

/** Options for {@link AllowedSitesStore}. */
export interface AllowedSitesStoreOptions {
  readonly area: KeyValueArea;
  readonly onProblem?: (problem: string) => void;
}

/** The allowed sites over a key-value area; mutations are serialized. */
export class AllowedSitesStore {
  private queue: Promise<unknown> = Promise.resolve();
  private cached: AllowedSites | null = null;

  constructor(private readonly options: AllowedSitesStoreOptions) {}

  /** The record as stored (cached after the first read: this store is its only writer). */
  async load(): Promise<AllowedSites> {
    if (this.cached) return this.cached;
    const stored = await this.options.area.get(STORAGE_KEYS.allowedSites);
    this.cached = normalizeAllowedSites(stored, (problem) => this.options.onProblem?.(problem));
    return this.cached;
  }

  /**
   * Applies `change` to the current record and saves it; resolves with the saved
   * record. A change that returns the same object saves nothing; one over the bound
   * is refused with SITE_LIMIT_REACHED and saves nothing either.
   */
  update(change: (current: AllowedSites) => AllowedSites): Promise<AllowedSites> {
    const next = this.queue.then(async () => {
      const current = await this.load();
      const changed = change(current);
      if (changed === current) return current;
      const checked = AllowedSitesSchema.safeParse(changed);
      if (!checked.success) {
        throw new ProtocolFailure(
          'SITE_LIMIT_REACHED',
          `Side Agent keeps at most ${MAX_ALLOWED_SITES} allowed sites. Revoke some in Settings \u2192 Sites first.`,
        );
      }
      try {
        await this.options.area.set(STORAGE_KEYS.allowedSites, checked.data);
      } catch (error) {
        throw toWriteFailure(error);
      }
      this.cached = checked.data;
      return checked.data;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
