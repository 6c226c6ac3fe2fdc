import { describe, expect, it } from 'vitest';
import type { ResultFormat } from '../../shared/protocol/result-format';
import { jsonCommand } from './json.command';
import type { CommandContext } from './slash-command';

function contextWith(current: ResultFormat | null, hasChat = true) {
  const state = { current };
  const context = {
    resultFormat: () =>
      hasChat
        ? { current: state.current, set: (next: ResultFormat | null) => (state.current = next) }
        : null,
  } as unknown as CommandContext;
  return { context, state };
}

describe('/json', () => {
  it('sets the format of the next message and says how to take it back', async () => {
    const { context, state } = contextWith(null);
    const output = await jsonCommand.run('[name, price:number]', context);
    expect(output.tone).toBe('info');
    expect(state.current?.label).toBe('a list of {name, price: number}');
    expect(JSON.parse(state.current?.schema ?? '')).toMatchObject({ type: 'array' });
    expect(output.text).toContain('/json off');
  });

  it('refuses a wrong format in words and keeps the one set before', async () => {
    const kept = { label: '{name}', schema: '{"type":"object"}' };
    const { context, state } = contextWith(kept);
    const output = await jsonCommand.run('price:money', context);
    expect(output.tone).toBe('error');
    expect(output.text).toMatch(/not a type.*\/json name, price:number/);
    expect(state.current).toBe(kept);
    expect((await jsonCommand.run('', context)).tone).toBe('error');
  });

  it('/json off removes the format', async () => {
    const { context, state } = contextWith({ label: '{a}', schema: '{}' });
    expect((await jsonCommand.run('off', context)).text).toContain('plain answer');
    expect(state.current).toBeNull();
    expect((await jsonCommand.run('OFF', context)).text).toContain('No JSON format');
  });

  it('needs a chat', async () => {
    const { context } = contextWith(null, false);
    expect(await jsonCommand.run('name', context)).toMatchObject({ tone: 'error' });
  });
});
