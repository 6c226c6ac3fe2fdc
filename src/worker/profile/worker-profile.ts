// The worker's one profile vault over chrome.storage.local (the sealed record) and
// chrome.storage.session (the unlocked key). Shared by the panel's handlers, the run's
// profile note and the web face's fill tool; nothing touches chrome until first use.
import { createChromeLocalArea } from '../platform/storage-access';
import { createSessionArea } from '../platform/site-access-browser';
import { createProfileVault, type ProfileVault } from './profile-vault';

let vault: ProfileVault | null = null;

export function getWorkerProfileVault(): ProfileVault {
  vault ??= createProfileVault({ local: createChromeLocalArea(), session: createSessionArea() });
  return vault;
}
