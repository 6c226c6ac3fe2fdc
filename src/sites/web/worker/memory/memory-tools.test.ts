import { describe, expect, it } from 'vitest';
import { createWorkingMemory } from '../../../../worker/agent/working-memory/working-memory';
import { describeActivity, type ToolDefinition } from '../../../../worker/tools/define-tool';
import { actContext } from '../actions/__fixtures__/act-context';
import { doneTool } from '../finish/done.tool';
import { LISTED_OPEN_ROWS } from '../finish/done-ledger';
import { progressReadTool } from './progress-read.tool';
import { progressUpdateTool } from './progress-update.tool';
import { scratchpadWriteTool } from './scratchpad-write.tool';
import { memoryTools } from './memory-tools';

function withMemory() {
  const memory = createWorkingMemory();
  const { context } = actContext({
    'web/act-state': () => ({
      url: 'https://shop.example/',
      focused: null,
      dialogs: [],
      element: null,
      leaving: false,
    }),
    'web/act-unsaved': () => ({ fields: [] }),
  });
  return { memory, context: { ...context, state: { ...context.state, memory } } };
}

async function call<A>(tool: ToolDefinition<A>, context: unknown, args: unknown) {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return tool.execute(parsed.args, context as never);
}

describe('the working-memory tools', () => {
  it('are offered only for long tasks, in Act and Dev', () => {
    for (const tool of memoryTools) {
      expect(tool.offer).toBe('long-task');
      expect(tool.modes).toEqual(['act', 'dev']);
      expect(tool.effect).toBe('read');
    }
  });

  it('refuse a 1 MB scratchpad write with plain words, keeping the notes', async () => {
    const { memory, context } = withMemory();
    await call(scratchpadWriteTool, context, { text: 'A-1 done', mode: 'append' });
    const huge = await call(scratchpadWriteTool, context, {
      text: 'x'.repeat(1024 * 1024),
      mode: 'replace',
    });
    expect(huge).toMatchObject({ ok: false, code: 'SCRATCHPAD_TOO_LARGE' });
    expect(huge.ok === false && huge.summary).toContain('1,048,576 characters');
    expect(memory.snapshot().scratchpad).toBe('A-1 done');
    expect(describeActivity(scratchpadWriteTool, { text: '', mode: 'replace' }, huge)).toBe(
      'Notes not written',
    );
  });

  it('update the ledger whole or not at all, and page through it', async () => {
    const { memory, context } = withMemory();
    const added = await call(progressUpdateTool, context, {
      rows: [
        { id: 'A-1', status: 'processed', fields: [{ name: 'total', value: '10' }] },
        { id: 'A-2', status: 'pending' },
      ],
    });
    expect(added).toMatchObject({ ok: true, result: { added: 2, total: 2 } });
    const collided = await call(progressUpdateTool, context, {
      rows: [
        { id: 'A-2', status: 'acted' },
        { id: 'a-1', status: 'pending' },
      ],
    });
    expect(collided).toMatchObject({ ok: false, code: 'LEDGER_ID_COLLISION' });
    expect(memory.snapshot().rows.map((row) => row.status)).toEqual(['processed', 'pending']);
    const page = await call(progressReadTool, context, { status: 'processed' });
    expect(page).toMatchObject({
      ok: true,
      result: {
        total: 1,
        next_offset: null,
        rows: [{ id: 'A-1', fields: [{ name: 'total', value: '10' }] }],
      },
    });
  });

  it('say so where a run keeps no memory', async () => {
    const { context } = actContext({});
    expect(await call(progressReadTool, context, {})).toMatchObject({
      ok: false,
      code: 'SITE_FEATURE_UNAVAILABLE',
    });
  });
});

describe('done with a ledger', () => {
  it('is refused while rows are pending or acted, listing them, and passes once they are closed', async () => {
    const { memory, context } = withMemory();
    memory.updateRows([
      { id: 'A-1', status: 'processed' },
      { id: 'A-2', status: 'acted' },
      { id: 'A-3', status: 'pending' },
    ]);
    const args = { summary: 'All checked.', outcome: 'partial' };
    const refused = await call(doneTool, context, args);
    expect(refused).toMatchObject({
      ok: false,
      code: 'DONE_LEDGER_OPEN',
      details: { open_count: 2 },
    });
    expect(refused.ok === false && refused.message).toContain('A-2 (acted), A-3 (pending)');
    memory.updateRows([
      { id: 'A-2', status: 'processed' },
      { id: 'A-3', status: 'skipped' },
    ]);
    expect(await call(doneTool, context, args)).toMatchObject({
      ok: true,
      result: { finished: true },
    });
  });

  it('lists a bounded number of open rows and counts the rest', async () => {
    const { memory, context } = withMemory();
    memory.updateRows(
      Array.from({ length: 25 }, (_, index) => ({ id: `r${index}`, status: 'pending' as const })),
    );
    const refused = await call(doneTool, context, { summary: 'x', outcome: 'failed' });
    expect(refused.ok === false && refused.message).toContain(`and ${25 - LISTED_OPEN_ROWS} more`);
  });
});
