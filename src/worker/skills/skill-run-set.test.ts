import { describe, expect, it } from 'vitest';
import { createMemoryArea } from '../integrations/mcp/discovery-cache';
import { fakeFetch, json } from './__fixtures__/fake-fetch';
import { lookupTool, skillFile } from './__fixtures__/skill-files';
import { prepareSkillRunSet, skillInstructionsBlock } from './skill-run-set';
import { createSkillService } from './skill-service';
import { createSkillStore } from './skill-store';

async function setup() {
  const store = createSkillStore(createMemoryArea());
  const service = createSkillService({ store, takenToolNames: async () => [], defaults: [] });
  const deps = {
    skills: store,
    saveDownload: async () => ({ ok: true as const, downloadId: 1 }),
    ...fakeFetch(() => json({})),
  };
  return { store, service, deps };
}

describe('prepareSkillRunSet', () => {
  it('adds only enabled skills, with trust by fingerprint', async () => {
    const { service, deps } = await setup();
    const { importedId } = await service.importSkill(skillFile());
    expect((await prepareSkillRunSet(deps)).tools).toEqual([]);
    await service.setEnabled(importedId, true);
    const untrusted = await prepareSkillRunSet(deps);
    expect(untrusted.tools.map((tool) => tool.name)).toEqual(['lookup_word', 'export_report']);
    expect(untrusted.trustedRouteIds.size).toBe(0);
    await service.setTrust(importedId, true);
    const trusted = await prepareSkillRunSet(deps);
    expect([...trusted.trustedRouteIds]).toEqual([
      `skill:${importedId}:lookup_word`,
      `skill:${importedId}:export_report`,
    ]);
  });

  it('labels the instructions as the person’s skill text, fences stripped', async () => {
    const { service, deps } = await setup();
    const { importedId } = await service.importSkill(skillFile());
    await service.setEnabled(importedId, true);
    const { instructions } = await prepareSkillRunSet(deps);
    expect(instructions).toMatch(/^\[Skills the person imported/);
    expect(instructions).toContain('[Skill: Word helper]\nWhen the person asks');
    expect(instructions).not.toContain('side-agent-tools');
    expect(instructions).not.toContain('not sent to the model');
  });

  it('bounds the tools a run may add and says what was left out', async () => {
    const { service, deps } = await setup();
    for (let index = 0; index < 3; index += 1) {
      const tools = Array.from({ length: 8 }, (_, tool) => ({
        ...lookupTool,
        name: `tool_${index}_${tool}`,
      }));
      const { importedId } = await service.importSkill(skillFile(tools, `Skill ${index}`));
      await service.setEnabled(importedId, true);
    }
    const set = await prepareSkillRunSet(deps);
    expect(set.tools).toHaveLength(16);
    expect(set.notices[0]).toMatchObject({ code: 'SKILL_TOO_MANY_TOOLS' });
    expect(set.notices[0]!.message).toContain('tool_2_0');
  });

  it('keeps whole skills within the instructions cap', () => {
    const block = skillInstructionsBlock(
      [
        { name: 'A', instructions: 'a'.repeat(300) },
        { name: 'B', instructions: 'b'.repeat(300) },
      ],
      700,
    );
    expect(block.text).toContain('[Skill: A]');
    expect(block.text).not.toContain('[Skill: B]');
    expect(block.left).toEqual(['B']);
  });
});
