// Person-facing texts of the profile errors (Settings → Profile and autofill). A
// refusal changes nothing stored.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ErrorTextEntry } from './error-text-types';

export const PROFILE_TEXTS = {
  PROFILE_NOT_SET: 'No profile is saved yet. Set a passphrase in Settings → Profile first.',
  PROFILE_EXISTS: 'A profile is already saved. Unlock it, or forget it to start again.',
  PROFILE_LOCKED: 'Your profile is locked. Unlock it in Settings → Profile.',
  PROFILE_WRONG_PASSPHRASE: 'That passphrase does not open your profile. Nothing was changed.',
  PROFILE_PASSPHRASE_TOO_SHORT: 'Choose a passphrase of at least 8 characters.',
  PROFILE_ENTRY_INVALID:
    'Name the entry with letters, digits and _, optionally grouped with one dot (shipping.city).',
  PROFILE_ENTRY_NOT_FOUND: 'Your profile has no such entry.',
  PROFILE_LIMIT_REACHED: 'Your profile holds at most 200 entries. Remove one first.',
  PROFILE_VALUE_TOO_LONG: 'An entry holds at most 2,000 characters.',
  PROFILE_DAMAGED:
    'Your saved profile is damaged and cannot be opened. Forget it and enter your details again.',
} as const satisfies Partial<Record<ErrorCode, ErrorTextEntry>>;
