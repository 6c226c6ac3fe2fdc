import { describe, expect, it } from 'vitest';
import { createMemoryChatStore } from '../storage/__fixtures__/memory-stores';
import { needsApproval } from '../tools/approval-policy';
import { createToolRegistry } from '../tools/tool-registry';
import { BUILTIN_TOOLS } from '../tools/builtin-tools';
import {
  createHarness,
  finish,
  testTool,
  text,
  scriptedAdapter,
} from './__fixtures__/agent-harness';
import { generateTitle, sanitizeTitle } from './auto-name';
import { createMemoryRunJournal, reconcileInterruptedRuns } from './run-journal';
import { serializeOutcome } from './tool-results';

describe('tool registry and approval policy', () => {
  it('refuses case-insensitive collisions and finds tools by exact name only', () => {
    expect(() =>
      createToolRegistry([testTool('read_it', 'read'), testTool('Read_It', 'read')]),
    ).toThrow(expect.objectContaining({ code: 'TOOL_REGISTRY_COLLISION' }));
    const registry = createToolRegistry([testTool('read_it', 'read')]);
    expect(registry.get('read_it')?.name).toBe('read_it');
    expect(registry.get('READ_IT')).toBeUndefined();
    expect(registry.get('__proto__')).toBeUndefined();
    const { registry: extended, rejected } = registry.withTools([
      testTool('READ_IT', 'external'),
      testTool('send_it', 'external'),
    ]);
    expect(rejected.map((entry) => entry.code)).toEqual(['TOOL_REGISTRY_COLLISION']);
    expect(extended.all().map((tool) => tool.name)).toEqual(['read_it', 'send_it']);
    expect(() => createToolRegistry(BUILTIN_TOOLS)).not.toThrow();
  });

  it('filters by site', () => {
    const typstOnly = { ...testTool('typst_only', 'read'), sites: ['typst' as const] };
    const registry = createToolRegistry([typstOnly, testTool('anywhere', 'read')]);
    expect(
      registry
        .forSite('web')
        .all()
        .map((tool) => tool.name),
    ).toEqual(['anywhere']);
    expect(
      registry
        .forSite('typst')
        .modelTools()
        .map((tool) => tool.name),
    ).toEqual(['typst_only', 'anywhere']);
  });

  it('decides approval from the source-owned effect, the edit mode, grants and trust only', () => {
    const external = testTool('send_it', 'external');
    const edit = testTool('edit_it', 'editor-write');
    const sneaky = { ...testTool('sneaky', 'external'), approval: 'automatic' as const };
    expect(needsApproval(testTool('read_it', 'read'), 'ask', new Set(), () => false)).toBe('none');
    expect(needsApproval(edit, 'ask', new Set(), () => true)).toBe('editor-review');
    expect(needsApproval(edit, 'auto', new Set(), () => false)).toBe('none');
    expect(needsApproval(edit, 'bogus' as 'ask', new Set(), () => false)).toBe('editor-review');
    expect(needsApproval(external, 'auto', new Set(), () => false)).toBe('external-approval');
    expect(needsApproval(sneaky, 'auto', new Set(), () => false)).toBe('external-approval');
    expect(needsApproval(external, 'ask', new Set(['custom:send_it']), () => false)).toBe('none');
    expect(needsApproval(external, 'ask', new Set(), () => true)).toBe('none');
  });

  it('caps results for the model with a structured truncation marker', () => {
    const big = serializeOutcome({ ok: true, result: 'z'.repeat(100_000), summary: 's' });
    const parsed = JSON.parse(big) as {
      truncated: boolean;
      original_chars: number;
      preview: string;
    };
    expect(big.length).toBeLessThanOrEqual(65_536);
    expect(parsed).toMatchObject({ truncated: true });
    expect(parsed.original_chars).toBeGreaterThan(100_000);
    expect(parsed.preview.length).toBe(16_384);
  });
});

describe('auto-naming', () => {
  it('sanitizes titles: think tags, quotes, punctuation, length', () => {
    expect(sanitizeTitle('<think>long thoughts</think> "Kapitel über Typst."')).toBe(
      'Kapitel über Typst',
    );
    expect(sanitizeTitle('Title: `Fix the bibliography`!')).toBe('Fix the bibliography');
    expect(sanitizeTitle('<think>only thinking')).toBeNull();
    expect(sanitizeTitle('a'.repeat(100))?.length).toBe(60);
  });

  it('names from answer text only and never renames a user-renamed chat', async () => {
    const h = await createHarness({ turns: [] });
    const { adapter, requests } = scriptedAdapter([
      [{ type: 'reasoning-delta', text: 'REASONING' }, text('Thesis intro fixes'), finish()],
    ]);
    const deps = {
      chats: h.chats,
      settings: h.settings,
      adapterFor: () => adapter,
      fetch: async () => new Response(''),
    };
    const session = await h.chats.create({ siteId: 'typst', projectId: 'proj-1' });
    const history = [
      {
        id: 'u',
        role: 'user' as const,
        createdAt: 1,
        text: 'Fix my intro',
        file: null,
        attachments: [],
      },
    ];
    expect(
      await generateTitle(deps, session.id, 'model-1', history, new AbortController().signal),
    ).toBe('Thesis intro fixes');
    expect((await h.chats.get(session.id))?.meta.name).toBe('Thesis intro fixes');
    expect(JSON.stringify(requests[0]?.messages)).toContain('Fix my intro');
    await h.chats.rename(session.id, 'Mine');
    expect(
      await generateTitle(deps, session.id, 'model-1', history, new AbortController().signal),
    ).toBeNull();
    expect((await h.chats.get(session.id))?.meta.name).toBe('Mine');
  });

  it('reports a naming failure as a notice and never blocks the run', async () => {
    const h = await createHarness({ turns: [[text('answer'), finish()]] });
    await h.settings.saveGeneral({ autoNameSessions: true, autoNameModelId: 'missing-model' });
    const { createAutoNamer } = await import('./auto-name');
    const notices: string[] = [];
    const namer = createAutoNamer({
      chats: h.chats,
      settings: h.settings,
      adapterFor: () => scriptedAdapter([]).adapter,
      fetch: async () => new Response(''),
    });
    namer({
      identity: { tabId: 1, scope: { siteId: 'typst', projectId: 'proj-1' }, sessionId: 'x' },
      history: [],
      general: await h.settings.general(),
      notice: (_level, message, code) => notices.push(`${code}:${message}`),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notices).toEqual([]); // chat 'x' does not exist: nothing to name, nothing to report
    const session = await h.chats.create({ siteId: 'typst', projectId: 'proj-1' });
    namer({
      identity: {
        tabId: 1,
        scope: { siteId: 'typst', projectId: 'proj-1' },
        sessionId: session.id,
      },
      history: [],
      general: await h.settings.general(),
      notice: (_level, message, code) => notices.push(`${code}:${message}`),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notices[0]).toMatch(/^MODEL_MISSING:Chat auto-name failed/);
  });
});

describe('interrupted runs', () => {
  it('marks an incomplete turn of a journaled run as interrupted at startup, once', async () => {
    const chats = createMemoryChatStore();
    const journal = createMemoryRunJournal();
    const session = await chats.create({ siteId: 'typst', projectId: 'p' });
    await chats.putAssistantTurn(session.id, {
      id: 'a1',
      role: 'assistant',
      createdAt: 1,
      runId: 'r1',
      status: 'incomplete',
      segments: [{ kind: 'text', text: 'half' }],
    });
    await journal.add({ runId: 'r1', sessionId: session.id, assistantTurnId: 'a1' });
    await journal.add({ runId: 'live', sessionId: session.id, assistantTurnId: 'a2' });
    expect(await reconcileInterruptedRuns(journal, chats, (runId) => runId === 'live')).toBe(1);
    const turn = (await chats.get(session.id))?.turns[0];
    expect(turn).toMatchObject({
      status: 'interrupted',
      segments: [{ kind: 'text', text: 'half' }],
      error: { code: 'RUN_INTERRUPTED' },
    });
    expect((await journal.list()).map((entry) => entry.runId)).toEqual(['live']);
  });
});
