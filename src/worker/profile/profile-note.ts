// ## Owns
// What a run's model is told about the person's profile: the entry keys it may fill
// with fill_from_profile, or that the profile is locked. Never a value. It rides with
// the memory block at the start of the current message.
import type { ProfileView } from '../../shared/protocol/profile-messages';
import type { RunMemory } from '../agent/run-context';

/** Longest list of keys the note carries. */
const MAX_KEYS_CHARS = 1_500;

export function profileNote(view: ProfileView): string | null {
  if (view.state === 'none') return null;
  if (view.state === 'locked')
    return "[Profile: the person's saved profile is locked in this browser session. If a form needs their details, ask them to unlock it in Settings → Profile.]";
  if (view.entries.length === 0) return null;
  let keys = '';
  let shown = 0;
  for (const entry of view.entries) {
    const next = keys === '' ? entry.key : `${keys}, ${entry.key}`;
    if (next.length > MAX_KEYS_CHARS) break;
    keys = next;
    shown += 1;
  }
  const more = shown < view.entries.length ? ` and ${view.entries.length - shown} more` : '';
  return `[Profile entries you may use with fill_from_profile in Act or Dev mode (keys only; the values are never shown to you): ${keys}${more}.]`;
}

/** `memory` with the profile note added to its block; a profile that cannot be read adds nothing. */
export function withProfileNote<T extends RunMemory>(
  memory: T,
  profile: { view(): Promise<ProfileView> },
): T {
  return {
    ...memory,
    async contextFor(origin) {
      const [block, note] = await Promise.all([
        memory.contextFor(origin),
        profile.view().then(profileNote, () => null),
      ]);
      if (note === null) return block;
      return block === null ? note : `${note}\n\n${block}`;
    },
  };
}
