// Form questions from MCP servers: only what a small form can show, bounded, with
// defaults applied and answers checked before they are sent.
import { describe, expect, it, vi } from 'vitest';
import type { ElicitRequestFormParams } from '@modelcontextprotocol/client';
import type { RunInteraction } from '../../tools/run-interaction';
import { elicitThroughPanel, formOf } from './mcp-elicitation';

const request = (properties: Record<string, unknown>, required: string[] = []) =>
  ({
    mode: 'form',
    message: 'Tell me',
    requestedSchema: { type: 'object', properties, required },
  }) as unknown as ElicitRequestFormParams;

const interaction = (answer: Awaited<ReturnType<NonNullable<RunInteraction['askForm']>>>) => {
  const notice = vi.fn();
  const askForm = vi.fn(async () => answer);
  return { notice, askForm, value: { notice, askForm } as unknown as RunInteraction };
};
const never = new AbortController().signal;

describe('MCP form elicitation', () => {
  it('builds fields for text, numbers, yes/no, single and multi choice, titled or not', () => {
    const form = formOf(
      request({
        name: { type: 'string', title: 'Name' },
        age: { type: 'integer', default: 30 },
        ok: { type: 'boolean' },
        hero: { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }] },
        tools: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] },
      }),
    );
    expect(form).toMatchObject({
      ok: true,
      fields: [
        { name: 'name', kind: 'string', title: 'Name' },
        { name: 'age', kind: 'integer', defaultValue: 30 },
        { name: 'ok', kind: 'boolean' },
        { name: 'hero', kind: 'enum', options: ['h1'], optionLabels: ['Superman'] },
        { name: 'tools', kind: 'multi', options: ['a', 'b'], defaultValue: ['a'] },
      ],
    });
  });

  it('declines nested objects and oversized forms and tells the person why', async () => {
    const nested = interaction({ action: 'accept', content: {} });
    expect(
      await elicitThroughPanel(
        request({ address: { type: 'object', properties: {} } }),
        'MCP X',
        nested.value,
        never,
      ),
    ).toEqual({ action: 'decline' });
    expect(nested.askForm).not.toHaveBeenCalled();
    expect(nested.notice).toHaveBeenCalledWith('warning', expect.stringContaining('address'));
    const many = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, index) => [`f${index}`, { type: 'string' }]),
    );
    const huge = interaction({ action: 'accept', content: {} });
    expect(await elicitThroughPanel(request(many), 'MCP X', huge.value, never)).toEqual({
      action: 'decline',
    });
    expect(huge.notice).toHaveBeenCalledWith('warning', expect.stringContaining('1000 fields'));
  });

  it('applies defaults to empty answers, drops values of the wrong kind, and cancels when a required one is missing', async () => {
    const schema = request(
      {
        city: { type: 'string' },
        nights: { type: 'integer', default: 2 },
        kind: { type: 'string', enum: ['a'] },
      },
      ['city'],
    );
    const filled = interaction({
      action: 'accept',
      content: { city: 'Oslo', nights: '', kind: 'zzz' },
    });
    expect(await elicitThroughPanel(schema, 'MCP X', filled.value, never)).toEqual({
      action: 'accept',
      content: { city: 'Oslo', nights: 2 },
    });
    const empty = interaction({ action: 'accept', content: {} });
    expect(await elicitThroughPanel(schema, 'MCP X', empty.value, never)).toEqual({
      action: 'cancel',
    });
    const declined = interaction({ action: 'decline' });
    expect(await elicitThroughPanel(schema, 'MCP X', declined.value, never)).toEqual({
      action: 'decline',
    });
  });
});
