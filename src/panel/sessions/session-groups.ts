// Pure grouping and formatting for chat lists: chats grouped by project (scope)
// with counts and last activity, relative times and byte sizes. No DOM here.
import type { ChatScope, SessionMeta } from '../../shared/protocol/chat-records';
import { siteCatalog, type SiteCatalog } from '../app/site-catalog';

/** The chats of one scope, newest first. */
export interface ProjectGroup {
  /** Stable key for the scope (site and project id). */
  readonly key: string;
  readonly scope: ChatScope;
  readonly sessions: readonly SessionMeta[];
  readonly turnCount: number;
  /** The newest `updatedAt` of its chats. */
  readonly lastActivity: number;
}

/** A stable string key for a scope. */
export const scopeKey = (scope: ChatScope) => `${scope.siteId}:${scope.projectId ?? ''}`;

/** Groups chats by scope; groups and chats newest first. */
export function groupByProject(sessions: readonly SessionMeta[]): ProjectGroup[] {
  const byKey = new Map<string, SessionMeta[]>();
  for (const session of sessions) {
    const key = scopeKey(session.scope);
    const list = byKey.get(key);
    if (list) list.push(session);
    else byKey.set(key, [session]);
  }
  const groups = [...byKey].map(([key, list]) => {
    const sorted = [...list].sort((a, b) => b.updatedAt - a.updatedAt);
    return {
      key,
      scope: sorted[0]!.scope,
      sessions: sorted,
      turnCount: sorted.reduce((sum, session) => sum + session.turnCount, 0),
      lastActivity: sorted[0]!.updatedAt,
    };
  });
  return groups.sort((a, b) => b.lastActivity - a.lastActivity);
}

/** A person-readable name for a scope, as its site names it. */
export function scopeLabel(scope: ChatScope, catalog: SiteCatalog = siteCatalog): string {
  return catalog.scopeLabel(scope);
}

/** The scope's own page (a project's URL), or null when its site has none. */
export function projectUrl(scope: ChatScope, catalog: SiteCatalog = siteCatalog): string | null {
  return catalog.scopeUrl(scope);
}

/** "Just now", "N min ago", "N hr ago", else a locale date. */
export function relativeTime(timestamp: number, now: number = Date.now()): string {
  const minutes = Math.floor((now - timestamp) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hr ago`;
  return new Date(timestamp).toLocaleDateString();
}

/** Bytes as B, KB or MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1_024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The file name of an export made at `date`: filesystem-safe, sortable. */
export function exportFileName(date: Date): string {
  const stamp = date
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return `side-agent-chats-${stamp}.json`;
}
