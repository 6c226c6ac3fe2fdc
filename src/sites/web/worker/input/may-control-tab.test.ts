import { describe, expect, it } from 'vitest';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import { NO_ALLOWED_SITES } from '../../../../worker/storage/allowed-sites';
import { mayControlTab } from './may-control-tab';

const SHOP = 'https://shop.example/*';
const facts = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  allowed: NO_ALLOWED_SITES,
  browserOrigins: [],
  activeTabs: [],
  browser: 'chromium',
  ...overrides,
});
const reader = (value: AccessFacts | null) => () => Promise.resolve(value);
const always = facts({
  allowed: { always: [{ pattern: SHOP, since: 1, permission: 'requested' }] },
  browserOrigins: [SHOP],
});
const onlyNowOnTab7 = facts({ activeTabs: [{ tabId: 7, pattern: SHOP, onceSince: 5 }] });

describe('mayControlTab', () => {
  it('allows a tab on a site the person allowed Always, whatever its port or path', async () => {
    expect(await mayControlTab(7, 'https://shop.example:8443/cart?x=1', reader(always))).toBeNull();
  });

  it('allows a site the person allowed Only now, on that tab only', async () => {
    expect(await mayControlTab(7, 'https://shop.example/cart', reader(onlyNowOnTab7))).toBeNull();
    const elsewhere = await mayControlTab(8, 'https://shop.example/cart', reader(onlyNowOnTab7));
    expect(elsewhere?.code).toBe('INPUT_NOT_ALLOWED');
  });

  it('refuses a host the browser grants for another reason (a model endpoint)', async () => {
    const endpoint = facts({ browserOrigins: [SHOP] });
    expect((await mayControlTab(7, 'https://shop.example/', reader(endpoint)))?.code).toBe(
      'INPUT_NOT_ALLOWED',
    );
  });

  it('refuses other sites, other schemes, unknown addresses and missing facts, naming the site', async () => {
    const other = await mayControlTab(7, 'https://bank.example/', reader(always));
    expect(other?.code).toBe('INPUT_NOT_ALLOWED');
    expect(other?.message).toContain('bank.example');
    expect((await mayControlTab(7, 'http://shop.example/', reader(always)))?.code).toBe(
      'INPUT_NOT_ALLOWED',
    );
    expect((await mayControlTab(7, 'chrome://settings', reader(always)))?.code).toBe(
      'INPUT_NOT_ALLOWED',
    );
    expect((await mayControlTab(7, undefined, reader(always)))?.code).toBe('INPUT_NOT_ALLOWED');
    expect((await mayControlTab(7, 'https://shop.example/', reader(null)))?.code).toBe(
      'INPUT_NOT_ALLOWED',
    );
    expect(
      (await mayControlTab(7, 'https://shop.example/', () => Promise.reject(new Error('x'))))?.code,
    ).toBe('INPUT_NOT_ALLOWED');
  });
});
