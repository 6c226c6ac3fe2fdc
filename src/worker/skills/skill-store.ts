// ## Owns
// Persisting skills in chrome.storage.local (through an injected key-value area,
// as the integration store does) under one versioned key: the skill files as the
// person imported or edited them, whether each is on, its saved trust, and the
// packaged skills the person removed (so they are never added back silently).
// ## Why the text is stored, not the parsed skill
// Everything else is derived: each read parses the text again through the same
// checks as an import, so a stored skill can never hold more than an import allows.
// A record whose text no longer passes is kept (nothing is lost) but marked with
// its problem and left out of runs.
import { STORAGE_KEYS } from '../storage/storage-keys';
import type { CacheArea } from '../integrations/mcp/discovery-cache';
import { parseSkillDocument, type SkillDocument, type SkillRefusal } from './skill-document';

/** At most this many skills are kept. */
export const MAX_SKILLS = 50;

export interface StoredSkill {
  readonly id: string;
  /** The Markdown file as imported or last edited. */
  readonly text: string;
  readonly enabled: boolean;
  /** The packaged skill this one came from, or null for the person's own. */
  readonly defaultId: string | null;
  /** The manifest fingerprint the person trusted; null: every call asks. */
  readonly trustedFingerprint: string | null;
  readonly updatedAt: number;
}

/** A stored skill with what its text says, or why it no longer passes. */
export type SkillRecord = StoredSkill &
  (
    | { readonly parsed: SkillDocument; readonly problem: null }
    | {
        readonly parsed: null;
        readonly problem: Pick<SkillRefusal, 'code' | 'message'>;
      }
  );

export interface SkillList {
  readonly skills: readonly SkillRecord[];
  readonly removedDefaults: readonly string[];
}

export interface SkillStore {
  read(): Promise<SkillList>;
  write(skills: readonly StoredSkill[], removedDefaults: readonly string[]): Promise<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

/** One stored entry, normalised; null when it is not a skill at all. */
export function readStoredSkill(value: unknown): SkillRecord | null {
  if (!isRecord(value)) return null;
  const { id, text, enabled, defaultId, trustedFingerprint, updatedAt } = value;
  if (!isString(id) || id === '' || !isString(text)) return null;
  const stored: StoredSkill = {
    id,
    text,
    enabled: enabled === true,
    defaultId: isString(defaultId) ? defaultId : null,
    trustedFingerprint: isString(trustedFingerprint) ? trustedFingerprint : null,
    updatedAt: typeof updatedAt === 'number' && Number.isFinite(updatedAt) ? updatedAt : 0,
  };
  const parsed = parseSkillDocument(text);
  return parsed.ok
    ? { ...stored, parsed: parsed.skill, problem: null }
    : { ...stored, parsed: null, problem: { code: parsed.code, message: parsed.message } };
}

const strip = ({ id, text, enabled, defaultId, trustedFingerprint, updatedAt }: StoredSkill) => ({
  id,
  text,
  enabled,
  defaultId,
  trustedFingerprint,
  updatedAt,
});

/** A store over `area` (chrome.storage.local in the worker). */
export function createSkillStore(area: CacheArea): SkillStore {
  return {
    async read() {
      const raw = await area.get(STORAGE_KEYS.skills);
      if (!isRecord(raw) || raw['version'] !== 1) return { skills: [], removedDefaults: [] };
      const seen = new Set<string>();
      const skills = (Array.isArray(raw['skills']) ? raw['skills'] : [])
        .map(readStoredSkill)
        .filter((skill): skill is SkillRecord => {
          if (skill === null || seen.has(skill.id)) return false;
          seen.add(skill.id);
          return true;
        })
        .slice(0, MAX_SKILLS);
      const removed = Array.isArray(raw['removedDefaults'])
        ? raw['removedDefaults'].filter(isString)
        : [];
      return { skills, removedDefaults: [...new Set(removed)] };
    },
    write: (skills, removedDefaults) =>
      area.set(STORAGE_KEYS.skills, {
        version: 1,
        skills: skills.map(strip),
        removedDefaults: [...removedDefaults],
      }),
  };
}
