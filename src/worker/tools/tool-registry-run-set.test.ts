import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ToolDefinition } from './define-tool';
import { createToolRegistry, TOOL_NAME_PATTERN } from './tool-registry';

// The registry decides which tools a run offers the model: a name the model can
// call must find exactly one tool, on the site the run is on.
const tool = (
  name: string,
  extra: Partial<ToolDefinition<unknown>> = {},
): ToolDefinition<unknown> => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: {} },
  parseArguments: (value) => ({ ok: true, args: value }),
  effect: 'read',
  approval: 'automatic',
  execute: async () => ({ ok: true, result: null, summary: '' }),
  ...extra,
});

const names = (tools: readonly ToolDefinition<unknown>[]) => tools.map((entry) => entry.name);

describe('createToolRegistry', () => {
  it('finds a tool only by its exact name', () => {
    const read = tool('read_page');
    const registry = createToolRegistry([read, tool('Write_Page')]);
    expect(registry.get('read_page')).toBe(read);
    expect(registry.get('READ_PAGE')).toBeUndefined();
    expect(registry.get('write_page')).toBeUndefined();
    for (const inherited of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
      expect(registry.get(inherited), inherited).toBeUndefined();
    }
  });

  it('keeps the packaged order', () => {
    expect(names(createToolRegistry([tool('b'), tool('a'), tool('c')]).all())).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('throws on a packaged name collision, whatever the case, naming both tools', () => {
    let thrown: unknown;
    try {
      createToolRegistry([tool('read_page'), tool('Read_Page')]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProtocolFailure);
    expect(thrown).toMatchObject({
      code: 'TOOL_REGISTRY_COLLISION',
      message: 'The tool name "Read_Page" collides with "read_page".',
    });
  });

  it('throws on a packaged tool with an invalid name', () => {
    expect(() => createToolRegistry([tool('read page')])).toThrow(
      expect.objectContaining({ code: 'INVALID_PAYLOAD_FIELD' }),
    );
  });

  it('builds an empty registry from no tools', () => {
    const registry = createToolRegistry([]);
    expect(registry.all()).toEqual([]);
    expect(registry.modelTools()).toEqual([]);
  });
});

describe('ToolRegistry.forSite', () => {
  it('offers tools without a site list everywhere and site tools only on their sites', () => {
    const registry = createToolRegistry([
      tool('everywhere'),
      tool('typst_only', { sites: ['typst'] }),
      tool('two_sites', { sites: ['typst', 'web'] }),
      tool('nowhere', { sites: [] }),
    ]);
    expect(names(registry.forSite('typst').all())).toEqual([
      'everywhere',
      'typst_only',
      'two_sites',
    ]);
    expect(names(registry.forSite('web').all())).toEqual(['everywhere', 'two_sites']);
    expect(names(registry.forSite('other').all())).toEqual(['everywhere']);
    // A tool the run does not offer cannot be called by name either.
    expect(registry.forSite('web').get('typst_only')).toBeUndefined();
  });
});

describe('ToolRegistry.modelTools', () => {
  it('gives the provider the name, description and input schema only', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    const registry = createToolRegistry([
      tool('search', {
        inputSchema: schema,
        destination: { integration: 'X', url: 'https://x.example/', routeId: 'r' },
      }),
    ]);
    expect(registry.modelTools()).toEqual([
      { name: 'search', description: 'The search tool.', inputSchema: schema },
    ]);
  });
});

describe('ToolRegistry.withTools', () => {
  it('adds valid extras after the existing tools and leaves the original registry as it was', () => {
    const base = createToolRegistry([tool('read_page')]);
    const { registry, rejected } = base.withTools([tool('mcp__files_abc__read_x'), tool('lookup')]);
    expect(rejected).toEqual([]);
    expect(names(registry.all())).toEqual(['read_page', 'mcp__files_abc__read_x', 'lookup']);
    expect(names(base.all())).toEqual(['read_page']);
    expect(base.get('lookup')).toBeUndefined();
    expect(registry.get('lookup')?.name).toBe('lookup');
  });

  it('refuses an extra whose name collides case-insensitively, keeping the rest', () => {
    const base = createToolRegistry([tool('read_page')]);
    const { registry, rejected } = base.withTools([
      tool('READ_PAGE'),
      tool('lookup'),
      tool('Lookup'),
    ]);
    expect(names(registry.all())).toEqual(['read_page', 'lookup']);
    expect(rejected).toEqual([
      {
        name: 'READ_PAGE',
        code: 'TOOL_REGISTRY_COLLISION',
        message: 'The tool name "READ_PAGE" collides with "read_page".',
      },
      {
        name: 'Lookup',
        code: 'TOOL_REGISTRY_COLLISION',
        message: 'The tool name "Lookup" collides with "lookup".',
      },
    ]);
  });

  it('accepts names of one to 64 letters, digits, _ and -, starting with a letter', () => {
    const valid = ['a', 'Z', 'a1', 'a_b-c', `a${'b'.repeat(63)}`];
    const { registry, rejected } = createToolRegistry([]).withTools(
      valid.map((name) => tool(name)),
    );
    expect(rejected).toEqual([]);
    expect(names(registry.all())).toEqual(valid);
  });

  it('refuses names the model could not call, with the reason and a bounded name', () => {
    const invalid = [
      '',
      '1tool',
      '_tool',
      '-tool',
      'tool name',
      'tool.name',
      'tööl',
      `a${'b'.repeat(64)}`,
      'tool\n',
    ];
    const { registry, rejected } = createToolRegistry([]).withTools(
      invalid.map((name) => tool(name)),
    );
    expect(registry.all()).toEqual([]);
    expect(rejected.map((entry) => entry.name)).toEqual(invalid);
    for (const entry of rejected) {
      expect(entry).toMatchObject({
        code: 'INVALID_PAYLOAD_FIELD',
        message:
          'A tool name must be a letter followed by letters, digits, _ or -, at most 64 characters.',
      });
    }
    const huge = createToolRegistry([]).withTools([tool('x'.repeat(1_000) + ' ')]);
    expect(huge.rejected[0]?.name).toBe('x'.repeat(128));
  });

  it('matches the pattern the rest of the worker checks names against', () => {
    expect(TOOL_NAME_PATTERN.test(`a${'b'.repeat(63)}`)).toBe(true);
    expect(TOOL_NAME_PATTERN.test(`a${'b'.repeat(64)}`)).toBe(false);
    expect(TOOL_NAME_PATTERN.test('ok\nnext')).toBe(false);
  });

  it('composes: a registry with extras still refuses a later collision with them', () => {
    const first = createToolRegistry([tool('read_page')]).withTools([tool('lookup')]).registry;
    const second = first.withTools([tool('LOOKUP'), tool('fetch')]);
    expect(names(second.registry.all())).toEqual(['read_page', 'lookup', 'fetch']);
    expect(second.rejected.map((entry) => entry.code)).toEqual(['TOOL_REGISTRY_COLLISION']);
    expect(names(second.registry.forSite('typst').all())).toEqual(['read_page', 'lookup', 'fetch']);
  });
});
