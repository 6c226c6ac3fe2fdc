import { describe, expect, it, vi } from 'vitest';
import { installHappyDomCompat } from '../../markdown/__fixtures__/happy-dom-compat';
import { assertInert } from '../../markdown/__fixtures__/assert-inert';
import { renderMarkdownFragment } from '../../markdown/render-markdown';
import { ManualFrameScheduler } from './frame-scheduler';
import { StreamingAnswer } from './streaming-answer';

// Before the first render: the sanitizer caches DOM getters when it is created.
installHappyDomCompat();

function setup(): {
  answer: StreamingAnswer;
  scheduler: ManualFrameScheduler;
  render: ReturnType<typeof vi.fn>;
  onUpdate: ReturnType<typeof vi.fn>;
} {
  const scheduler = new ManualFrameScheduler();
  const render = vi.fn((markdown: string) => renderMarkdownFragment(markdown));
  const onUpdate = vi.fn();
  const answer = new StreamingAnswer({ scheduler, render, onUpdate });
  return { answer, scheduler, render, onUpdate };
}

/** Our own segment chrome (containers, tail, reasoning header); everything else is Markdown. */
const isOwn = (element: Element): boolean =>
  /^stream-/.test(element.className) ||
  ['details', 'summary'].includes(element.localName) ||
  element.closest('summary') !== null;

describe('StreamingAnswer', () => {
  it('coalesces all deltas of a frame into one DOM update', () => {
    const { answer, scheduler, onUpdate } = setup();
    for (let index = 0; index < 50; index += 1) answer.appendText(`w${index} `);
    expect(scheduler.pendingCount).toBe(1);
    expect(answer.element.textContent).toBe('');
    scheduler.runFrame();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(answer.element.textContent).toContain('w0 w1');
    expect(answer.element.textContent).toContain('w49');
    scheduler.runFrame();
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('keeps channel order and collapses reasoning when text starts', () => {
    const { answer, scheduler } = setup();
    answer.appendReasoning('Let me think');
    answer.appendReasoning(' more.');
    scheduler.runFrame();
    const details = answer.element.querySelector('details');
    expect(details?.open).toBe(true);
    expect(details?.querySelector('summary')?.textContent).toBe('Thinking\u2026 18 chars');
    answer.appendText('Answer **one**\n\n');
    scheduler.runFrame();
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('Thought 18 chars');
    expect(answer.segmentKinds).toEqual(['reasoning', 'text']);
  });

  it('appends reasoning as text suffixes to one node, never re-rendering it', () => {
    const { answer, scheduler } = setup();
    answer.appendReasoning('a');
    scheduler.runFrame();
    const body = answer.element.querySelector('.stream-reasoning-body');
    const node = body?.firstChild as Text;
    const appendData = vi.spyOn(node, 'appendData');
    answer.appendReasoning('**b** <img src=x onerror=alert(1)>');
    scheduler.runFrame();
    expect(body?.childNodes).toHaveLength(1);
    expect(body?.firstChild).toBe(node);
    expect(appendData).toHaveBeenCalledWith('**b** <img src=x onerror=alert(1)>');
    expect(body?.querySelector('*')).toBeNull();
  });

  it('closes the text segment when tools start and opens a new one after', () => {
    const { answer, scheduler, render } = setup();
    answer.appendReasoning('plan');
    answer.appendText('Reading **the file**');
    const host = answer.startTools();
    expect(render).toHaveBeenCalledWith('Reading **the file**');
    expect(answer.element.querySelector('strong')?.textContent).toBe('the file');
    expect(answer.element.querySelector('details')?.open).toBe(false);
    host.textContent = 'tool card here';
    answer.appendText('Done.');
    scheduler.runFrame();
    answer.end();
    expect(answer.segmentKinds).toEqual(['reasoning', 'text', 'tools', 'text']);
    expect(answer.element.lastElementChild?.textContent?.trim()).toBe('Done.');
  });

  it('flushes synchronously on end and ignores later deltas', () => {
    const { answer, scheduler, render } = setup();
    answer.appendText('# Heading\n\nlast words');
    answer.end();
    expect(scheduler.pendingCount).toBe(0);
    expect(render.mock.calls.map(([markdown]) => markdown)).toEqual([
      '# Heading\n\n',
      'last words',
    ]);
    answer.appendText('late');
    scheduler.runFrame();
    expect(answer.element.textContent).not.toContain('late');
  });

  it('keeps hostile content inert during and after a 1-char stream', () => {
    const { answer, scheduler } = setup();
    const text =
      'Hi <script>window.__pwned=1</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))\n\n```\n<svg onload=alert(1)>\n```\n';
    for (const character of text) {
      answer.appendText(character);
      answer.appendReasoning(character === '\n' ? '<b onclick=alert(1)>' : '');
      scheduler.runFrame();
      assertInert(answer.element, isOwn);
    }
    answer.end();
    assertInert(answer.element, isOwn);
    expect(answer.element.querySelector('script, img, svg, b')).toBeNull();
  });

  it('streams 20,000 tokens with one render per block (linear work)', () => {
    const { answer, scheduler, render } = setup();
    const paragraph = 'Some **streamed** words with `code` and a [link](https://a.example). ';
    let blocks = 0;
    for (let token = 0; token < 20_000; token += 1) {
      answer.appendText(
        token % 40 === 39 ? '\n\n' : paragraph.slice((token * 4) % 60, ((token * 4) % 60) + 4),
      );
      if (token % 40 === 39) blocks += 1;
      if (token % 8 === 7) scheduler.runFrame();
    }
    answer.end();
    // Each finished block is rendered once and never again: the work is linear in
    // the text, whatever the wall clock of a busy machine says (bench/ measures speed).
    expect(render).toHaveBeenCalledTimes(blocks);
  });
});
