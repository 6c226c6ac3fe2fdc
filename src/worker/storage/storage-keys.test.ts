import { describe, expect, it } from 'vitest';
import { DATABASE_NAMES, STORAGE_KEYS, STORAGE_KEY_PATTERN } from './storage-keys';

describe('storage-keys', () => {
  const all = [...Object.values(STORAGE_KEYS), ...Object.values(DATABASE_NAMES)];

  it('follows <domain>.<name>.v<N> when any key is declared', () => {
    for (const key of all) expect(key, key).toMatch(STORAGE_KEY_PATTERN);
  });

  it('declares every key once when the registry is read', () => {
    expect(new Set(all).size).toBe(all.length);
    // Two versions of one key would mean a reader could pick the stale one.
    const unversioned = all.map((key) => key.replace(/\.v\d+$/, ''));
    expect(new Set(unversioned).size).toBe(unversioned.length);
  });

  it('registers the integration keys the integration store and discovery cache use', () => {
    expect(STORAGE_KEYS).toMatchObject({
      customTools: 'integrations.custom-tools.v1',
      mcpServers: 'integrations.mcp-servers.v1',
      mcpDiscovery: 'integrations.mcp-discovery.v1',
    });
  });

  it('rejects malformed names when the pattern is applied', () => {
    for (const bad of [
      'settings',
      'settings.general',
      'Settings.general.v1',
      'settings.general.v0',
      'a..v1',
      'settings.general.v1.x',
    ]) {
      expect(STORAGE_KEY_PATTERN.test(bad), bad).toBe(false);
    }
  });
});
