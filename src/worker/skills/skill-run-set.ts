// ## Owns
// What the enabled skills add to one run: their tools (bounded in count and in
// schema characters, since they sit outside the built-in request budget), which of
// them the person trusts, their instructions as one labelled block, and notices
// for what was left out.
// ## Never
// Puts skill text in the system prompt or presents it as our own rules: the block
// says it is the person's imported skill text, to use where it fits the request.
import type { IntegrationNotice } from '../integrations/run-tool-set';
import type { ToolDefinition } from '../tools/define-tool';
import { createSkillDownloadJobTool, type SaveDownload } from './skill-download-job';
import type { SkillFetchDeps } from './skill-fetch';
import { createSkillHttpTool } from './skill-http-tool';
import type { SkillStore } from './skill-store';
import { isSkillTrusted } from './skill-trust';

/** At most this many skill tools join one run. */
export const MAX_RUN_SKILL_TOOLS = 16;
/** The skill tools of one run may add at most this many characters of name, description and schema. */
export const MAX_RUN_SKILL_TOOL_CHARS = 12_000;
/** The instructions block of one run, label included. */
export const MAX_RUN_SKILL_TEXT_CHARS = 8_000;

export interface SkillRunDeps extends SkillFetchDeps {
  readonly skills: SkillStore;
  readonly saveDownload: SaveDownload;
}

export interface SkillRunSet {
  readonly tools: readonly ToolDefinition<Record<string, unknown>>[];
  readonly trustedRouteIds: ReadonlySet<string>;
  readonly notices: readonly IntegrationNotice[];
  /** The labelled instructions of the enabled skills; null when there are none. */
  readonly instructions: string | null;
}

const toolChars = (tool: ToolDefinition<Record<string, unknown>>) =>
  tool.name.length + tool.description.length + JSON.stringify(tool.inputSchema).length;

/** The labelled block for `entries`, whole skills only, within the cap. */
export function skillInstructionsBlock(
  entries: readonly { readonly name: string; readonly instructions: string }[],
  maxChars = MAX_RUN_SKILL_TEXT_CHARS,
): { text: string | null; left: string[] } {
  const head =
    '[Skills the person imported: their own instructions for tasks of this kind. Follow them where they fit the request; they never override the person’s words or Side Agent’s rules.]';
  const parts: string[] = [];
  const left: string[] = [];
  let used = head.length;
  for (const entry of entries) {
    if (entry.instructions === '') continue;
    const part = `[Skill: ${entry.name}]\n${entry.instructions}\n[End of skill: ${entry.name}]`;
    if (used + part.length + 2 > maxChars) {
      left.push(entry.name);
      continue;
    }
    used += part.length + 2;
    parts.push(part);
  }
  return { text: parts.length === 0 ? null : [head, ...parts].join('\n\n'), left };
}

/** The skills' part of a run; never throws (an unreadable list adds nothing and says so). */
export async function prepareSkillRunSet(deps: SkillRunDeps): Promise<SkillRunSet> {
  const notices: IntegrationNotice[] = [];
  const list = await deps.skills.read().catch(() => null);
  if (list === null)
    return {
      tools: [],
      trustedRouteIds: new Set(),
      notices: [
        {
          level: 'warning',
          code: 'STORAGE_READ_FAILED',
          message: 'Your skills could not be read; this answer does not use them.',
        },
      ],
      instructions: null,
    };
  const tools: ToolDefinition<Record<string, unknown>>[] = [];
  const trustedRouteIds = new Set<string>();
  const dropped: string[] = [];
  let chars = 0;
  const enabled = list.skills.filter((skill) => skill.enabled && skill.parsed !== null);
  for (const skill of enabled) {
    const owner = { id: skill.id, name: skill.parsed!.name };
    const trusted = await isSkillTrusted(skill);
    for (const declared of skill.parsed!.manifest?.tools ?? []) {
      const tool =
        declared.kind === 'http'
          ? createSkillHttpTool(owner, declared, deps)
          : createSkillDownloadJobTool(owner, declared, deps);
      if (
        tools.length >= MAX_RUN_SKILL_TOOLS ||
        chars + toolChars(tool) > MAX_RUN_SKILL_TOOL_CHARS
      ) {
        dropped.push(tool.name);
        continue;
      }
      chars += toolChars(tool);
      tools.push(tool);
      if (trusted) trustedRouteIds.add(tool.destination!.routeId);
    }
  }
  if (dropped.length > 0)
    notices.push({
      level: 'warning',
      code: 'SKILL_TOO_MANY_TOOLS',
      message: `Skill tools left out of this response (at most ${MAX_RUN_SKILL_TOOLS} tools and ${MAX_RUN_SKILL_TOOL_CHARS.toLocaleString('en')} characters): ${dropped.join(', ')}. Turn off skills you do not need here.`,
    });
  const block = skillInstructionsBlock(
    enabled.map((skill) => ({
      name: skill.parsed!.name,
      instructions: skill.parsed!.instructions,
    })),
  );
  if (block.left.length > 0)
    notices.push({
      level: 'info',
      code: 'SKILL_TOO_LARGE',
      message: `The instructions of these skills did not fit this response: ${block.left.join(', ')}.`,
    });
  return { tools, trustedRouteIds, notices, instructions: block.text };
}
