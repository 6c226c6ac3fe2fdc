// Handlers for the panel's profile requests (profile-messages.ts). They only delegate
// to the profile vault.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { profileRequestMethods } from '../../shared/protocol/profile-messages';
import type { ProfileVault } from '../profile/profile-vault';

export interface ProfileHandlerDeps {
  readonly profile: ProfileVault;
}

export function createProfileHandlers(
  deps: ProfileHandlerDeps,
): GroupHandlers<typeof profileRequestMethods> {
  const { profile } = deps;
  return {
    'profile/status': () => profile.view(),
    'profile/create': (payload) => profile.create(payload.passphrase),
    'profile/unlock': (payload) => profile.unlock(payload.passphrase),
    'profile/lock': () => profile.lock(),
    'profile/put-entry': (payload) =>
      profile.putEntry(payload.key, payload.value, payload.previousKey),
    'profile/remove-entry': (payload) => profile.removeEntry(payload.key),
    'profile/forget': () => profile.forget(),
  };
}
