// Pure changes to the allowed-sites record and the session records: adding and ending
// grants, and which host permissions ending a grant frees. The service applies them
// through the stores and the platform.
// ## Why a freed permission is checked against everything else
// The browser knows one host permission per host, whoever asked for it. Removing one
// that a model endpoint, an integration or a site that comes with the install still
// needs would break that silently, so only a permission the grant asked for, that
// nothing else still needs, is removed.
import type { HostPattern } from '../../shared/protocol/site-access-messages';
import type { AllowedSites, AlwaysGrant } from '../storage/allowed-sites';
import type { ActiveTab } from './session-records';

/** The record with an Always grant for `pattern` (replacing an older one for it). */
export function withAlways(
  allowed: AllowedSites,
  pattern: HostPattern,
  since: number,
  requested: boolean,
): AllowedSites {
  const before = allowed.always.find((grant) => grant.pattern === pattern);
  // A permission we asked for earlier stays ours to remove.
  const ours = requested || before?.permission === 'requested';
  return {
    always: [
      ...allowed.always.filter((grant) => grant.pattern !== pattern),
      { pattern, since, permission: ours ? 'requested' : 'present' },
    ],
  };
}

/** The records with "Only now" chosen on `tabId` (which must hold the click's access). */
export function withOnce(
  records: readonly ActiveTab[],
  tabId: number,
  pattern: HostPattern,
  since: number,
): readonly ActiveTab[] {
  return records.map((record) =>
    record.tabId === tabId && record.pattern === pattern && record.onceSince === null
      ? { ...record, onceSince: since }
      : record,
  );
}

/** The records without the "Only now" grant of `tabId` on `pattern` (the click's access stays). */
export function withoutOnce(
  records: readonly ActiveTab[],
  tabId: number,
  pattern: HostPattern,
): readonly ActiveTab[] {
  return records.map((record) =>
    record.tabId === tabId && record.pattern === pattern && record.onceSince !== null
      ? { ...record, onceSince: null }
      : record,
  );
}

/**
 * The host permissions to remove after `ended` Always grants: those the grant asked
 * for that no remaining grant and nothing else (`keep`: install sites, model
 * endpoints, integrations) still needs.
 */
export function permissionsToRemove(
  ended: readonly AlwaysGrant[],
  remaining: AllowedSites,
  keep: readonly string[],
): HostPattern[] {
  const needed = new Set([...remaining.always.map((grant) => grant.pattern), ...keep]);
  // The browser removes exactly the patterns named, so only an identical need keeps one.
  return ended
    .filter((grant) => grant.permission === 'requested' && !needed.has(grant.pattern))
    .map((grant) => grant.pattern);
}
