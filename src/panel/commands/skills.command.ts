// /skills: lists the skills (on or off, their tools and whether those ask), and
// `/skills on <name>` / `/skills off <name>` turn one on or off. Importing, editing
// and trusting stay in Settings → Skills, where the person can read the whole file.
import type { SkillView } from '../../shared/protocol/skill-messages';
import type { CommandOutput, SlashCommand } from './slash-command';
import { refused } from './slash-command';

const TRUST_WORDS: Readonly<Record<SkillView['trust'], string>> = {
  none: 'each call asks',
  trusted: 'trusted',
  changed: 'changed since you trusted it: each call asks',
  'no-tools': 'instructions only',
};

/** One line per skill: name, on/off, its tools and how they are approved. */
function skillLine(skill: SkillView): string {
  const state = skill.problem ? 'cannot be used' : skill.enabled ? 'on' : 'off';
  const tools =
    skill.tools.length === 0
      ? TRUST_WORDS['no-tools']
      : `${skill.tools.map((tool) => tool.name).join(', ')} (${TRUST_WORDS[skill.trust]})`;
  return `${skill.name} — ${state} — ${tools}`;
}

/** The skill `query` names: exact name first, then the only one that starts with it. */
function findSkill(skills: readonly SkillView[], query: string): SkillView | string {
  const lower = query.toLowerCase();
  const exact = skills.find((skill) => skill.name.toLowerCase() === lower);
  if (exact) return exact;
  const starts = skills.filter((skill) => skill.name.toLowerCase().startsWith(lower));
  if (starts.length === 1) return starts[0]!;
  return starts.length === 0
    ? `No skill is called "${query}". Type /skills to see them.`
    : `"${query}" fits ${starts.length} skills; type more of the name.`;
}

export const skillsCommand: SlashCommand = {
  name: 'skills',
  usage: '/skills [on|off <name>]',
  summary: 'List your skills, or turn one on or off',
  takesArgument: false,
  async run(argument, context): Promise<CommandOutput> {
    if (!context.skills) return { tone: 'error', text: 'Skills are not available here.' };
    const listed = await context.skills.request('skills/list', {});
    if (!listed.ok) return refused(listed.error);
    const match = /^(on|off)\s+(.+)$/i.exec(argument.trim());
    if (argument.trim() !== '' && !match)
      return { tone: 'error', text: 'Type /skills, /skills on <name> or /skills off <name>.' };
    if (!match) {
      const skills = listed.data.skills;
      if (skills.length === 0)
        return { tone: 'info', text: 'You have no skills. Import one in Settings → Skills.' };
      return {
        tone: 'info',
        text: `${skills.length === 1 ? 'One skill' : `${skills.length} skills`}. Turn one on or off with /skills on <name>; import, edit and trust them in Settings → Skills.`,
        lines: skills.map(skillLine),
      };
    }
    const enabled = match[1]!.toLowerCase() === 'on';
    const skill = findSkill(listed.data.skills, match[2]!.trim());
    if (typeof skill === 'string') return { tone: 'error', text: skill };
    const changed = await context.skills.request('skills/set-enabled', { id: skill.id, enabled });
    if (!changed.ok) return refused(changed.error);
    const after = changed.data.skills.find((entry) => entry.id === skill.id) ?? skill;
    return {
      tone: 'info',
      text: `${skill.name} is ${enabled ? 'on' : 'off'}${enabled ? ' from the next message' : ''}.`,
      lines: [skillLine(after)],
    };
  },
};
