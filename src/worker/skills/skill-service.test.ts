import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { createMemoryArea } from '../integrations/mcp/discovery-cache';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { exportTool, lookupTool, skillFile } from './__fixtures__/skill-files';
import { createSkillService } from './skill-service';
import { createSkillStore } from './skill-store';

const DEFAULT = { id: 'tone', text: '# Tone\n\nWrite plainly.' };

function setup(taken: string[] = ['read_page', 'navigate']) {
  const area = createMemoryArea();
  const store = createSkillStore(area);
  const service = createSkillService({
    store,
    takenToolNames: async () => taken,
    defaults: [DEFAULT],
    now: () => 1_000,
  });
  return { area, store, service };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProtocolFailure) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('skill service', () => {
  it('adds packaged skills once, turned off, and never re-adds a deleted one', async () => {
    const { service } = setup();
    const first = await service.list();
    expect(first.skills.map((skill) => [skill.name, skill.enabled, skill.isDefault])).toEqual([
      ['Tone', false, true],
    ]);
    await service.remove(first.skills[0]!.id);
    expect((await service.list()).skills).toEqual([]);
  });

  it('imports a skill off and untrusted, and lists its tools by mode', async () => {
    const { service } = setup();
    const imported = await service.importSkill(skillFile());
    const view = imported.skills.find((skill) => skill.id === imported.importedId)!;
    expect(view).toMatchObject({ name: 'Word helper', enabled: false, trust: 'none' });
    expect(view.tools.map((tool) => [tool.name, tool.modes])).toEqual([
      ['lookup_word', ['ask', 'act', 'dev']],
      ['export_report', ['act', 'dev']],
    ]);
  });

  it('refuses duplicates, collisions and bad files, leaving the stored list unchanged', async () => {
    const { area, service } = setup();
    await service.importSkill(skillFile());
    const before = structuredClone(area.data.get(STORAGE_KEYS.skills));
    expect((await refusal(service.importSkill(skillFile()))).code).toBe('SKILL_DUPLICATE');
    expect(
      (await refusal(service.importSkill(skillFile([{ ...lookupTool, name: 'read_page' }], 'B'))))
        .code,
    ).toBe('SKILL_TOOL_NAME_COLLISION');
    expect((await refusal(service.importSkill(skillFile([lookupTool], 'Other')))).message).toMatch(
      /used by the skill "Word helper"/,
    );
    expect((await refusal(service.importSkill('<script>x</script>'))).code).toBe(
      'SKILL_SCRIPT_REFUSED',
    );
    expect(area.data.get(STORAGE_KEYS.skills)).toEqual(before);
  });

  it('keeps trust while the manifest is unchanged and asks again after a change', async () => {
    const { service } = setup();
    const { importedId } = await service.importSkill(skillFile());
    const trusted = await service.setTrust(importedId, true);
    expect(trusted.skills.find((skill) => skill.id === importedId)!.trust).toBe('trusted');
    const reworded = skillFile().replace('one short paragraph', 'two sentences');
    const kept = await service.update(importedId, reworded);
    expect(kept.skills.find((skill) => skill.id === importedId)!.trust).toBe('trusted');
    const changed = await service.update(
      importedId,
      skillFile([{ ...lookupTool, endpoint: 'https://other.example/{word}' }, exportTool]),
    );
    expect(changed.skills.find((skill) => skill.id === importedId)!.trust).toBe('changed');
  });

  it('keeps a stored skill that no longer parses, marked, and refuses to turn it on', async () => {
    const { area, service } = setup();
    await area.set(STORAGE_KEYS.skills, {
      version: 1,
      skills: [{ id: 'old', text: '# Old\n<script>1</script>', enabled: false }],
      removedDefaults: ['tone'],
    });
    const view = (await service.list()).skills[0]!;
    expect(view.problem?.code).toBe('SKILL_SCRIPT_REFUSED');
    expect((await refusal(service.setEnabled('old', true))).code).toBe('SKILL_SCRIPT_REFUSED');
    expect((await refusal(service.setEnabled('gone', true))).code).toBe('SKILL_NOT_FOUND');
  });
});
