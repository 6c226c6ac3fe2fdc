import { describe, expect, it, vi } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { MemoryRecord } from '../../shared/protocol/memory-messages';
import { createFakeApi, type FakeHandler } from '../chat/__fixtures__/fake-panel-api';
import { matchCommands, SLASH_COMMANDS } from './command-registry';
import { isCommandText, runCommandText } from './run-command';
import { parseCommand, type AgentModeAccess, type CommandContext } from './slash-command';

const record = (overrides: Partial<MemoryRecord> = {}): MemoryRecord => ({
  id: 'm1a2b3',
  text: 'I prefer metric units',
  kind: 'preference',
  scope: 'global',
  confidence: 1,
  source: 'explicit',
  createdAt: 1,
  updatedAt: 1,
  lastUsedAt: null,
  archivedAt: null,
  ...overrides,
});

function setup(
  handlers: Record<string, FakeHandler> = {},
  options: { origin?: string | null; mode?: AgentModeAccess | null } = {},
) {
  const fake = createFakeApi(handlers);
  const newChat = vi.fn(async () => undefined);
  const clear = vi.fn(async () => undefined);
  const context: CommandContext = {
    memory: fake.api,
    jobs: fake.api,
    siteOrigin: () => (options.origin === undefined ? 'https://shop.example' : options.origin),
    agentMode: () => (options.mode === undefined ? null : options.mode),
    newChat,
    clear,
  };
  return { ...fake, context, newChat, clear };
}

describe('parseCommand', () => {
  it('splits a command line and leaves messages alone', () => {
    expect(parseCommand('/Remember  I like tea ')).toEqual({
      name: 'remember',
      argument: 'I like tea',
    });
    expect(parseCommand('/')).toEqual({ name: '', argument: '' });
    expect(parseCommand('what does /remember do?')).toBeNull();
    expect(parseCommand('/usr/bin is missing')).toBeNull();
    expect(isCommandText('/new')).toBe(true);
    expect(isCommandText('hello')).toBe(false);
  });
});

describe('matchCommands', () => {
  it('lists every command for an empty filter, name prefixes first, then substrings', () => {
    expect(matchCommands('').map((command) => command.name)).toEqual(
      SLASH_COMMANDS.map((command) => command.name),
    );
    expect(matchCommands('me').map((command) => command.name)).toEqual([
      'remember',
      'show-memory',
      'forget-memory',
    ]);
    expect(matchCommands('zzz')).toEqual([]);
  });

  it('registers every *.command.ts file, and nothing else', () => {
    const files = import.meta.glob<Record<string, unknown>>('./*.command.ts', { eager: true });
    const exported = Object.values(files).flatMap((module) => Object.values(module));
    expect(exported).toHaveLength(Object.keys(files).length);
    expect(new Set(exported)).toEqual(new Set(SLASH_COMMANDS));
  });

  it('has unique kebab-case names and a usage that starts with the name', () => {
    const names = SLASH_COMMANDS.map((command) => command.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of SLASH_COMMANDS) {
      expect(command.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(command.usage.startsWith(`/${command.name}`)).toBe(true);
    }
  });
});

describe('runCommandText', () => {
  it('says an unknown command plainly and calls nothing', async () => {
    const { context, calls } = setup();
    expect(await runCommandText('/frobnicate now', context)).toEqual({
      tone: 'error',
      text: '/frobnicate is not a command. Nothing was sent. Type / to see the commands.',
    });
    expect(calls).toEqual([]);
  });

  it('says a command failed when it throws', async () => {
    const { context } = setup();
    const failing = { ...context, newChat: () => Promise.reject(new Error('boom')) };
    expect(await runCommandText('/new', failing)).toEqual({
      tone: 'error',
      text: '/new did not finish. Try again.',
    });
  });
});

describe('/remember', () => {
  it('stores a global record and says what it stored', async () => {
    const { context, calls } = setup({
      'memory/remember': () => ({ record: record(), stored: true }),
    });
    const output = await runCommandText('/remember I prefer metric units', context);
    expect(calls[0]?.payload).toEqual({ text: 'I prefer metric units', scope: 'global' });
    expect(output.text).toBe(
      'Remembered for every chat: \u201cI prefer metric units\u201d (id m1a2b3).',
    );
  });

  it('scopes to the site with --site, and says when it was already stored', async () => {
    const { context, calls } = setup({
      'memory/remember': () => ({
        record: record({ scope: 'https://shop.example' }),
        stored: false,
      }),
    });
    const output = await runCommandText('/remember --site My size is M', context);
    expect(calls[0]?.payload).toEqual({ text: 'My size is M', scope: 'https://shop.example' });
    expect(output.text).toMatch(/^Already remembered on https:\/\/shop\.example:/);
  });

  it('refuses empty text, --site without a site, and passes on the worker refusal', async () => {
    const { context, calls } = setup(
      {
        'memory/remember': () => {
          throw new ProtocolFailure(
            'MEMORY_TEXT_REFUSED',
            'That looks like it contains a password or PIN, so it was not remembered.',
          );
        },
      },
      { origin: null },
    );
    expect((await runCommandText('/remember', context)).text).toMatch(/^Say what to remember/);
    expect((await runCommandText('/remember --site tea', context)).text).toMatch(/no site/);
    expect(calls).toEqual([]);
    expect(await runCommandText('/remember password: x', context)).toEqual({
      tone: 'error',
      text: 'That looks like it contains a password or PIN, so it was not remembered.',
    });
  });
});

describe('/show-memory', () => {
  it('lists active records only', async () => {
    const { context } = setup({
      'memory/list': () => ({
        records: [record(), record({ id: 'm2', text: 'Old', archivedAt: 5 })],
        settings: { enabled: true, autoLearn: false, maxChars: 2000 },
      }),
    });
    const output = await runCommandText('/show-memory', context);
    expect(output.records?.map((item) => item.id)).toEqual(['m1a2b3']);
    expect(output.text).toBe('One memory. Forget one with /forget-memory <id>.');
  });

  it('says when nothing is remembered and when memory is off', async () => {
    const { context } = setup({
      'memory/list': () => ({
        records: [],
        settings: { enabled: false, autoLearn: false, maxChars: 2000 },
      }),
    });
    const output = await runCommandText('/show-memory', context);
    expect(output.text).toMatch(/^Nothing is remembered yet\..*turned off/);
    expect(output.records).toBeUndefined();
  });
});

describe('/forget-memory', () => {
  it('archives by id and says which text it forgot', async () => {
    const { context, calls } = setup({
      'memory/forget': () => ({ record: record({ archivedAt: 9 }) }),
    });
    expect((await runCommandText('/forget-memory m1a2b3', context)).text).toBe(
      'Forgot \u201cI prefer metric units\u201d (id m1a2b3).',
    );
    expect(calls[0]?.payload).toEqual({ id: 'm1a2b3' });
  });

  it('says an unknown id plainly and asks for an id when none is given', async () => {
    const { context, calls } = setup({
      'memory/forget': () => {
        throw new ProtocolFailure('MEMORY_NOT_FOUND', 'No memory has the id mzz.');
      },
    });
    expect((await runCommandText('/forget-memory', context)).text).toMatch(/^Say which memory/);
    expect(calls).toEqual([]);
    expect(await runCommandText('/forget-memory mzz', context)).toEqual({
      tone: 'error',
      text: 'No memory has the id mzz.',
    });
  });
});

describe('/mode', () => {
  const control = (isDevAvailable: boolean) => {
    const choose = vi.fn(async () => undefined);
    return { access: { mode: 'ask' as const, isDevAvailable, choose }, choose };
  };

  it('chooses the mode through the control', async () => {
    const { access, choose } = control(true);
    const { context } = setup({}, { mode: access });
    expect((await runCommandText('/mode ACT', context)).text).toMatch(/^Mode: Act\. /);
    expect(choose).toHaveBeenCalledWith('act');
  });

  it('refuses Dev without a capable model, an unknown mode, and sites without modes', async () => {
    const { access, choose } = control(false);
    const { context } = setup({}, { mode: access });
    expect((await runCommandText('/mode dev', context)).text).toMatch(
      /^Dev is not available: Needs a model/,
    );
    expect((await runCommandText('/mode fast', context)).text).toBe(
      'Choose a mode: /mode ask, /mode act or /mode dev. Now: Ask.',
    );
    expect(choose).not.toHaveBeenCalled();
    const { context: noModes } = setup();
    expect((await runCommandText('/mode act', noModes)).text).toBe(
      'This page has no Ask / Act / Dev modes.',
    );
  });
});

describe('/new and /clear', () => {
  it('start a new chat through the panel', async () => {
    const { context, newChat, clear } = setup();
    expect((await runCommandText('/new', context)).text).toBe('Started a new chat.');
    expect(newChat).toHaveBeenCalledTimes(1);
    expect((await runCommandText('/clear', context)).text).toMatch(/^Cleared\./);
    expect(clear).toHaveBeenCalledTimes(1);
  });
});
