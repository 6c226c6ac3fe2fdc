import { describe, expect, it } from 'vitest';
import { MAX_ALLOWED_SITES } from '../../shared/protocol/site-access-messages';
import { AllowedSitesStore, normalizeAllowedSites } from './allowed-sites';
import { STORAGE_KEYS } from './storage-keys';

const grant = (host: string, since = 1) => ({
  pattern: `https://${host}/*`,
  since,
  permission: 'requested' as const,
});

function memoryArea(initial?: unknown, options: { failWrites?: boolean } = {}) {
  const values = new Map<string, unknown>();
  if (initial !== undefined) values.set(STORAGE_KEYS.allowedSites, initial);
  return {
    values,
    async get(key: string) {
      return values.get(key);
    },
    async set(key: string, value: unknown) {
      if (options.failWrites) throw new Error('IO error');
      values.set(key, value);
    },
  };
}

describe('allowed sites store', () => {
  it('keeps every valid grant of a damaged record and reports what it dropped', () => {
    const problems: string[] = [];
    const stored = {
      always: [
        grant('news.example'),
        { pattern: 'https://*/*', since: 1, permission: 'requested' },
        { pattern: 'javascript:alert(1)', since: 1, permission: 'present' },
        { pattern: 'https://shop.example/*', since: -4, permission: 'present' },
        { ...grant('mail.example'), extra: true },
        grant('news.example', 99),
        'https://plain.example/*',
        grant('shop.example', 3),
      ],
      allSites: { since: 1 },
    };
    expect(normalizeAllowedSites(stored, (problem) => problems.push(problem))).toEqual({
      always: [grant('news.example'), grant('shop.example', 3)],
    });
    expect(problems).toEqual([`${STORAGE_KEYS.allowedSites}: dropped 6 invalid entries`]);
  });

  it('reads an unreadable record as no sites, and nothing stored as no sites without a report', () => {
    const problems: string[] = [];
    expect(normalizeAllowedSites('garbage', (p) => problems.push(p))).toEqual({ always: [] });
    expect(normalizeAllowedSites({ always: 'x' }, (p) => problems.push(p))).toEqual({ always: [] });
    expect(problems).toHaveLength(2);
    expect(normalizeAllowedSites(undefined, (p) => problems.push(p))).toEqual({ always: [] });
    expect(problems).toHaveLength(2);
  });

  it('saves a change, and refuses one over the bound without saving anything', async () => {
    const area = memoryArea({ always: [grant('news.example')] });
    const store = new AllowedSitesStore({ area });
    await store.update((current) => ({ always: [...current.always, grant('shop.example')] }));
    expect(area.values.get(STORAGE_KEYS.allowedSites)).toEqual({
      always: [grant('news.example'), grant('shop.example')],
    });
    const many = Array.from({ length: MAX_ALLOWED_SITES + 1 }, (_, index) =>
      grant(`site${index}.example`),
    );
    await expect(store.update(() => ({ always: many }))).rejects.toMatchObject({
      code: 'SITE_LIMIT_REACHED',
    });
    expect((await store.load()).always).toHaveLength(2);
  });

  it('keeps the old record when a write fails, and says the change was not saved', async () => {
    const store = new AllowedSitesStore({
      area: memoryArea({ always: [grant('news.example')] }, { failWrites: true }),
    });
    await expect(store.update(() => ({ always: [] }))).rejects.toMatchObject({
      code: 'STORAGE_WRITE_FAILED',
    });
    expect(await store.load()).toEqual({ always: [grant('news.example')] });
  });
});
