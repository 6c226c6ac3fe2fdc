import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../shared/protocol/profile-messages';
import { profileNote, withProfileNote } from './profile-note';

const UNLOCKED: ProfileView = {
  state: 'unlocked',
  entries: [
    { key: 'shipping.postal_code', value: '10115-ZIP' },
    { key: 'shipping.city', value: 'Berlin-Mitte' },
  ],
};

describe('profile note', () => {
  it('lists keys only, says when locked, and says nothing without a profile', () => {
    const note = profileNote(UNLOCKED) ?? '';
    expect(note).toContain('shipping.postal_code, shipping.city');
    expect(note).not.toContain('10115-ZIP');
    expect(profileNote({ state: 'locked', entries: [] })).toContain('locked');
    expect(profileNote({ state: 'none', entries: [] })).toBeNull();
    const many: ProfileView = {
      state: 'unlocked',
      entries: Array.from({ length: 200 }, (_, index) => ({
        key: `custom_field_number_${index}`,
        value: 'x',
      })),
    };
    const long = profileNote(many) ?? '';
    expect(long.length).toBeLessThan(1_800);
    expect(long).toMatch(/and \d+ more/);
  });

  it('joins the memory block, and a profile that cannot be read adds nothing', async () => {
    const memory = { contextFor: async (_origin: string | null) => '[memory]', other: 1 };
    const joined = withProfileNote(memory, { view: async () => UNLOCKED });
    expect(joined.other).toBe(1);
    expect(await joined.contextFor(null)).toMatch(/^\[Profile entries[^\n]*\n\n\[memory\]$/);
    const broken = withProfileNote(memory, { view: () => Promise.reject(new Error('damaged')) });
    expect(await broken.contextFor(null)).toBe('[memory]');
    const noMemory = withProfileNote(
      { contextFor: async (_origin: string | null) => null },
      { view: async () => ({ state: 'locked', entries: [] }) },
    );
    expect(await noMemory.contextFor(null)).toContain('locked');
  });
});
