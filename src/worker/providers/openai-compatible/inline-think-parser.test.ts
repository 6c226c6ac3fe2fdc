import { describe, expect, it } from 'vitest';
import { InlineThinkParser } from './inline-think-parser';

function route(deltas: string[]) {
  const events: [string, string][] = [];
  const parser = new InlineThinkParser({
    text: (text) => events.push(['text', text]),
    reasoning: (text) => events.push(['reasoning', text]),
  });
  for (const delta of deltas) parser.push(delta);
  parser.end();
  const join = (kind: string) =>
    events
      .filter(([type]) => type === kind)
      .map(([, text]) => text)
      .join('');
  return { events, text: join('text'), reasoning: join('reasoning') };
}

describe('InlineThinkParser', () => {
  const input = 'pre <think>deep <thought> </thinking? no</think>\n\npost <think';
  it('routes identically at every split of the input', () => {
    for (let size = 1; size <= input.length; size += 1) {
      const deltas: string[] = [];
      for (let offset = 0; offset < input.length; offset += size)
        deltas.push(input.slice(offset, offset + size));
      expect(route(deltas)).toMatchObject({
        text: 'pre post <think',
        reasoning: 'deep <thought> </thinking? no',
      });
    }
  });

  it('emits reasoning before the closing tag arrives', () => {
    const events: string[] = [];
    const parser = new InlineThinkParser({
      text: () => undefined,
      reasoning: (text) => events.push(text),
    });
    parser.push('<think>first');
    expect(events).toEqual(['first']);
  });

  it('keeps an unclosed block as reasoning at the end', () => {
    expect(route(['<think>never closed'])).toMatchObject({ reasoning: 'never closed', text: '' });
  });
});
