import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolCard } from '../chat/tool-card';
import { StreamingTextSegment } from '../chat/stream/text-segment';
import { renderMarkdownFragment } from './render-markdown';
import { secretMasking } from './secret-masking';

const KEY = 'sk-proj-T3stK3yAbCdEfGhIjKlMnOpQrStUv012345';
const ANSWER = `The settings page shows **${KEY}** and card 4242 4242 4242 4242.`;

const textOf = (fragment: DocumentFragment) => {
  const host = document.createElement('div');
  host.append(fragment);
  return host.textContent ?? '';
};

afterEach(() => {
  secretMasking.value = false;
});

describe('strict secret mode in the panel', () => {
  it('masks credential-like strings in rendered answers only while it is on', () => {
    expect(textOf(renderMarkdownFragment(ANSWER))).toContain(KEY);
    secretMasking.value = true;
    const masked = textOf(renderMarkdownFragment(ANSWER));
    expect(masked).not.toContain(KEY);
    expect(masked).not.toContain('4242 4242');
    expect(masked).toContain('[secret withheld: api-key]');
    expect(masked).toContain('[secret withheld: card-number]');
  });

  it('masks a key that streams in over several deltas, in the tail and once closed', () => {
    secretMasking.value = true;
    const segment = new StreamingTextSegment();
    for (const piece of ['Your key is ', KEY.slice(0, 20), KEY.slice(20), ' today'])
      segment.write(piece);
    expect(segment.element.textContent).not.toContain(KEY);
    expect(segment.element.textContent).toContain('[secret withheld: api-key]');
    segment.close();
    expect(segment.element.textContent).not.toContain(KEY);
  });

  it('masks a tool call row: its line, arguments and result', () => {
    secretMasking.value = true;
    const container = document.createElement('div');
    act(() =>
      render(
        <ToolCard
          call={{
            callId: 'c1',
            name: 'type',
            argumentsPreview: JSON.stringify({ ref: 'e3', text: KEY }),
            argumentsChars: 80,
            status: 'done',
            summary: `Typed ${KEY}`,
            activity: `Typed ${KEY} into e3`,
          }}
        />,
        container,
      ),
    );
    expect(container.textContent).not.toContain(KEY);
    expect(container.innerHTML).not.toContain(KEY);
    act(() => {
      secretMasking.value = false;
    });
    expect(container.textContent).toContain(KEY);
  });
});
