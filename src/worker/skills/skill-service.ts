// ## Owns
// The operations the handlers delegate to: list (adding packaged skills the person
// has not removed), import, edit, turn on or off, delete and trust. Every import and
// edit goes through parseSkillDocument and the collision rules here, and is written
// whole or not at all: a refusal is a ProtocolFailure and nothing stored changes.
import { createId } from '../../shared/lib/ids';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { SkillView } from '../../shared/protocol/skill-messages';
import { DEFAULT_SKILLS, type DefaultSkill } from './default-skills';
import { parseSkillDocument, type SkillDocument } from './skill-document';
import { skillToolModes } from './skill-manifest';
import { MAX_SKILLS, readStoredSkill, type SkillRecord, type SkillStore } from './skill-store';
import { fingerprintSkill, isSkillTrusted } from './skill-trust';

export interface SkillServiceDeps {
  readonly store: SkillStore;
  /** Names a skill tool may not take: built-in tools and saved custom tools. */
  readonly takenToolNames: () => Promise<readonly string[]>;
  readonly defaults?: readonly DefaultSkill[];
  readonly now?: () => number;
}

const fail = (code: ErrorCode, message: string, path?: string): never => {
  throw new ProtocolFailure(code, message, path === undefined ? undefined : { path });
};

async function viewOf(skill: SkillRecord): Promise<SkillView> {
  const tools = skill.parsed?.manifest?.tools ?? [];
  const trusted = await isSkillTrusted(skill);
  return {
    id: skill.id,
    name: skill.parsed?.name ?? skill.text.split('\n')[0]!.replace(/^#\s*/, '').slice(0, 200),
    enabled: skill.enabled,
    isDefault: skill.defaultId !== null,
    text: skill.text,
    instructionChars: skill.parsed?.instructions.length ?? 0,
    tools: tools.map((tool) => ({
      name: tool.name,
      kind: tool.kind,
      method: tool.kind === 'http' ? tool.method : 'POST',
      endpoint: tool.endpoint,
      description: tool.description,
      modes: [...skillToolModes(tool)],
      tiers: [...(tool.tiers ?? ['mid', 'full'])],
    })),
    trust:
      tools.length === 0
        ? 'no-tools'
        : trusted
          ? 'trusted'
          : skill.trustedFingerprint !== null
            ? 'changed'
            : 'none',
    problem: skill.problem,
    updatedAt: skill.updatedAt,
  };
}

/** Refuses a skill whose name or tool names are taken; null when it may be stored. */
function collisionOf(
  parsed: SkillDocument,
  id: string | null,
  others: readonly SkillRecord[],
  taken: readonly string[],
): { code: ErrorCode; message: string; path: string } | null {
  const rest = others.filter((skill) => skill.id !== id);
  const lower = parsed.name.toLowerCase();
  if (rest.some((skill) => skill.parsed?.name.toLowerCase() === lower))
    return {
      code: 'SKILL_DUPLICATE',
      message: `You already have a skill called "${parsed.name}". Edit that one, or rename this one in its "# Name" heading.`,
      path: 'name',
    };
  const builtins = new Set(taken.map((name) => name.toLowerCase()));
  const skillTools = new Map(
    rest.flatMap((skill) =>
      (skill.parsed?.manifest?.tools ?? []).map((tool) => [tool.name, skill.parsed!.name]),
    ),
  );
  for (const tool of parsed.manifest?.tools ?? []) {
    const owner = skillTools.get(tool.name);
    if (builtins.has(tool.name) || tool.name.startsWith('mcp__') || owner !== undefined)
      return {
        code: 'SKILL_TOOL_NAME_COLLISION',
        message:
          owner === undefined
            ? `The tool name "${tool.name}" is taken by a built-in or custom tool. Rename it in the manifest.`
            : `The tool name "${tool.name}" is used by the skill "${owner}". Rename it in the manifest.`,
        path: 'manifest',
      };
  }
  return null;
}

export function createSkillService(deps: SkillServiceDeps) {
  const now = deps.now ?? Date.now;
  const defaults = deps.defaults ?? DEFAULT_SKILLS;

  /** The stored list, with packaged skills added once (turned off). */
  async function load(): Promise<{ skills: SkillRecord[]; removed: string[] }> {
    const list = await deps.store.read();
    const skills = [...list.skills];
    const removed = [...list.removedDefaults];
    const missing = defaults.filter(
      (entry) =>
        !removed.includes(entry.id) && !skills.some((skill) => skill.defaultId === entry.id),
    );
    if (missing.length === 0) return { skills, removed };
    for (const entry of missing) {
      const record = readStoredSkill({
        id: `default-${entry.id}`,
        text: entry.text,
        enabled: false,
        defaultId: entry.id,
        trustedFingerprint: null,
        updatedAt: now(),
      });
      if (record && !skills.some((skill) => skill.id === record.id)) skills.push(record);
    }
    await deps.store.write(skills, removed);
    return { skills, removed };
  }

  const views = async (skills: readonly SkillRecord[]) => ({
    skills: await Promise.all(skills.map(viewOf)),
  });

  async function checked(text: string, id: string | null, skills: readonly SkillRecord[]) {
    const parsed = parseSkillDocument(text);
    if (!parsed.ok) return fail(parsed.code, parsed.message, parsed.path);
    const collision = collisionOf(parsed.skill, id, skills, await deps.takenToolNames());
    if (collision) return fail(collision.code, collision.message, collision.path);
    return parsed.skill;
  }

  async function change(id: string, edit: (skill: SkillRecord) => Promise<SkillRecord>) {
    const { skills, removed } = await load();
    const skill = skills.find((entry) => entry.id === id);
    if (!skill) return fail('SKILL_NOT_FOUND', 'That skill is not saved any more.');
    const next = await edit(skill);
    const updated = skills.map((entry) => (entry.id === id ? next : entry));
    await deps.store.write(updated, removed);
    return views(updated);
  }

  return {
    list: async () => views((await load()).skills),
    async importSkill(text: string) {
      const { skills, removed } = await load();
      if (skills.length >= MAX_SKILLS)
        fail('SKILL_LIMIT_REACHED', `You have ${MAX_SKILLS} skills, the most Side Agent keeps.`);
      const parsed = await checked(text, null, skills);
      const id = createId();
      const record: SkillRecord = {
        id,
        text,
        enabled: false,
        defaultId: null,
        trustedFingerprint: null,
        updatedAt: now(),
        parsed,
        problem: null,
      };
      const next = [...skills, record];
      await deps.store.write(next, removed);
      return { ...(await views(next)), importedId: id };
    },
    update: (id: string, text: string) =>
      change(id, async (skill) => {
        const parsed = await checked(text, id, (await load()).skills);
        // Trust stays stored; it holds only while the new manifest has the same fingerprint.
        return { ...skill, text, parsed, problem: null, updatedAt: now() };
      }),
    setEnabled: (id: string, enabled: boolean) =>
      change(id, async (skill) => {
        if (enabled && skill.problem)
          fail(skill.problem.code, `This skill cannot be turned on: ${skill.problem.message}`);
        return { ...skill, enabled };
      }),
    setTrust: (id: string, trusted: boolean) =>
      change(id, async (skill) => {
        const fingerprint = trusted ? await fingerprintSkill(skill) : null;
        if (trusted && fingerprint === null)
          fail('SKILL_INVALID', 'This skill declares no tools, so there is nothing to trust.');
        return { ...skill, trustedFingerprint: fingerprint };
      }),
    async remove(id: string) {
      const { skills, removed } = await load();
      const skill = skills.find((entry) => entry.id === id);
      if (!skill) return fail('SKILL_NOT_FOUND', 'That skill is not saved any more.');
      const next = skills.filter((entry) => entry.id !== id);
      await deps.store.write(
        next,
        skill.defaultId === null ? removed : [...new Set([...removed, skill.defaultId])],
      );
      return views(next);
    },
  };
}

export type SkillService = ReturnType<typeof createSkillService>;
