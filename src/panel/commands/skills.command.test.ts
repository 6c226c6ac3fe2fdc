import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { SkillView } from '../../shared/protocol/skill-messages';
import { createFakeApi, type FakeHandler } from '../chat/__fixtures__/fake-panel-api';
import { runCommandText } from './run-command';
import type { CommandContext } from './slash-command';

const skill = (overrides: Partial<SkillView> = {}): SkillView => ({
  id: 's1',
  name: 'Public holidays',
  enabled: false,
  isDefault: true,
  text: '# Public holidays',
  instructionChars: 10,
  tools: [
    {
      name: 'list_public_holidays',
      kind: 'http',
      method: 'GET',
      endpoint: 'https://date.nager.at/api/v3/PublicHolidays/{year}/{countryCode}',
      description: 'Lists holidays.',
      modes: ['ask', 'act', 'dev'],
      tiers: ['mid', 'full'],
    },
  ],
  trust: 'none',
  problem: null,
  updatedAt: 1,
  ...overrides,
});

function setup(handlers: Record<string, FakeHandler>) {
  const fake = createFakeApi(handlers);
  const context: CommandContext = {
    memory: fake.api,
    skills: fake.api,
    jobs: fake.api,
    siteOrigin: () => null,
    agentMode: () => null,
    newChat: async () => undefined,
    clear: async () => undefined,
  };
  return { ...fake, context };
}

describe('/skills', () => {
  it('lists skills with their state, tools and approval', async () => {
    const { context } = setup({
      'skills/list': () => ({
        skills: [
          skill(),
          skill({ id: 's2', name: 'Tone', enabled: true, tools: [], trust: 'no-tools' }),
        ],
      }),
    });
    const output = await runCommandText('/skills', context);
    expect(output.text).toMatch(/^2 skills\./);
    expect(output.lines).toEqual([
      'Public holidays — off — list_public_holidays (each call asks)',
      'Tone — on — instructions only',
    ]);
  });

  it('turns a skill on by a unique start of its name', async () => {
    const { context, calls } = setup({
      'skills/list': () => ({ skills: [skill()] }),
      'skills/set-enabled': () => ({ skills: [skill({ enabled: true })] }),
    });
    const output = await runCommandText('/skills on public', context);
    expect(calls.at(-1)).toMatchObject({
      type: 'skills/set-enabled',
      payload: { id: 's1', enabled: true },
    });
    expect(output).toMatchObject({
      tone: 'info',
      text: 'Public holidays is on from the next message.',
    });
  });

  it('says plainly when the name fits none, the syntax is wrong or the worker refuses', async () => {
    const { context, calls } = setup({
      'skills/list': () => ({ skills: [skill()] }),
      'skills/set-enabled': () => {
        throw new ProtocolFailure(
          'SKILL_SCRIPT_REFUSED',
          'This skill cannot be turned on: scripts.',
        );
      },
    });
    expect((await runCommandText('/skills on nothing', context)).text).toMatch(
      /No skill is called/,
    );
    expect((await runCommandText('/skills maybe', context)).tone).toBe('error');
    expect(calls.some((call) => call.type === 'skills/set-enabled')).toBe(false);
    const refused = await runCommandText('/skills on Public holidays', context);
    expect(refused).toMatchObject({
      tone: 'error',
      text: 'This skill cannot be turned on: scripts.',
    });
  });
});
