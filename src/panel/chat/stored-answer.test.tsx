// The end of a run and the opening of a chat with a long answer:
// finished text is parsed once in total (the live view is handed to the stored turn),
// a reload of an unchanged chat parses nothing again, and a long stored answer is
// replayed in budgeted steps. Markdown is counted at the one renderer boundary.
import { DOCUMENT_SITE_PANEL } from './__fixtures__/site-panel';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssistantTurn, ChatTurn, UserTurn } from '../../shared/protocol/chat-records';
import type * as RenderMarkdown from '../markdown/render-markdown';
import { createFakeApi } from './__fixtures__/fake-panel-api';
import { ChatSessionController } from './chat-session';
import { ChatView, type FollowHolder } from './chat-view';
import { RunController } from './run-controller';
import { BudgetedQueue } from './stream/budgeted-queue';
import { ManualFrameScheduler } from './stream/frame-scheduler';
import { AssistantTurnView } from './turn-views';

const parsed = vi.hoisted(() => ({ calls: 0, chars: 0 }));
vi.mock('../markdown/render-markdown', async (importOriginal) => {
  const original = await importOriginal<typeof RenderMarkdown>();
  return {
    ...original,
    renderMarkdownFragment: (...args: Parameters<typeof original.renderMarkdownFragment>) => {
      parsed.calls += 1;
      parsed.chars += args[0].length;
      return original.renderMarkdownFragment(...args);
    },
  };
});

const IDENTITY = {
  tabId: 3,
  scope: { siteId: 'typst' as const, projectId: 'p1' },
  sessionId: 's1',
};
const LONG =
  Array.from(
    { length: 600 },
    (_, index) => `Paragraph ${index} with **bold** text and \`code\`.\n\n`,
  ).join('') + 'The end.';
const USER: UserTurn = {
  id: 'u1',
  role: 'user',
  createdAt: 1,
  text: 'Write it.',
  file: null,
  attachments: [],
};
const CALL = {
  callId: 'c1',
  name: 'read_document',
  argumentsPreview: '{}',
  argumentsChars: 2,
  status: 'done' as const,
  summary: '40 lines',
};

function storedTurn(text = LONG, overrides: Partial<AssistantTurn> = {}): AssistantTurn {
  return {
    id: 'a1',
    role: 'assistant',
    createdAt: 2,
    runId: 'r1',
    status: 'complete',
    segments: [
      { kind: 'text', text: 'Reading.' },
      { kind: 'tools', calls: [CALL] },
      { kind: 'text', text },
    ],
    ...overrides,
  };
}

function setup() {
  const scheduler = new ManualFrameScheduler();
  const fake = createFakeApi({});
  const session = new ChatSessionController(fake.api);
  const runs = new RunController({ client: fake.api, answerOptions: () => ({ scheduler }) });
  const follow: FollowHolder = { current: null };
  const container = document.createElement('div');
  document.body.append(container);
  act(() =>
    render(
      <ChatView
        session={session}
        runs={runs}
        follow={follow}
        site={DOCUMENT_SITE_PANEL}
        onRegenerate={() => undefined}
        onSuggestion={() => undefined}
      />,
      container,
    ),
  );
  /** Streams a whole run as the worker would, and ends it. */
  const streamRun = (text: string) => {
    const run = runs.begin('r1', IDENTITY);
    act(() => {
      run.stream({ sequence: 1, parts: [{ channel: 'text', text: 'Reading.' }] });
      scheduler.runFrame();
      run.toolCall({
        callId: 'c1',
        name: 'read_document',
        argumentsPreview: '{}',
        argumentsChars: 2,
      });
      run.toolStatus({ callId: 'c1', name: 'read_document', status: 'done', summary: '40 lines' });
      for (let offset = 0; offset < text.length; offset += 500) {
        run.stream({
          sequence: 2 + offset,
          parts: [{ channel: 'text', text: text.slice(offset, offset + 500) }],
        });
        scheduler.runFrame();
      }
      run.end({ status: 'done' });
    });
    return run;
  };
  const setTurns = (turns: readonly ChatTurn[]) =>
    act(() => {
      session.turns.value = turns;
    });
  return { session, runs, container, streamRun, setTurns };
}

beforeEach(() => {
  parsed.calls = 0;
  parsed.chars = 0;
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('the stored answer after a run', () => {
  it('takes over the live view: a completed run is parsed once, a reload parses nothing', () => {
    const { runs, container, streamRun, setTurns } = setup();
    setTurns([USER]);
    const run = streamRun(LONG);
    const element = run.view.answer.element;
    const streamedChars = parsed.chars;
    expect(streamedChars).toBeGreaterThanOrEqual(LONG.length);
    expect(streamedChars).toBeLessThan(LONG.length + 100);
    // As PanelController.afterRun does: reload, then hand the view over.
    setTurns([USER, storedTurn()]);
    act(() => runs.release({ handOver: true }));
    const stored = container.querySelector('[data-testid="assistant-turn"]');
    expect(container.querySelector('[data-testid="live-turn"]')).toBeNull();
    expect(stored?.querySelector('.stream-answer')).toBe(element);
    expect(stored?.querySelector('[data-testid="tool-card"]')?.textContent).toContain(
      'read_document',
    );
    expect(parsed.chars).toBe(streamedChars);
    // A later reload replaces every turn object; unchanged turns are not rebuilt.
    setTurns([structuredClone(USER), structuredClone(storedTurn())]);
    expect(parsed.chars).toBe(streamedChars);
    expect(container.querySelector('[data-testid="assistant-turn"] .stream-answer')).toBe(element);
    // A changed turn (here: its status) is rebuilt from storage.
    setTurns([USER, storedTurn(LONG, { status: 'interrupted' })]);
    expect(container.querySelector('[data-testid="assistant-turn"] .stream-answer')).not.toBe(
      element,
    );
    act(() => render(null, container));
  });

  it('renders from storage when the stored turn is not what was streamed', () => {
    const { runs, container, streamRun, setTurns } = setup();
    setTurns([USER]);
    const run = streamRun('Short answer.');
    setTurns([USER, storedTurn('Short answer, as stored.')]);
    act(() => runs.release({ handOver: true }));
    const answer = container.querySelector('[data-testid="assistant-turn"] .stream-answer');
    expect(answer).not.toBe(run.view.answer.element);
    expect(answer?.textContent).toContain('Short answer, as stored.');
    act(() => render(null, container));
  });
});

describe('a long stored answer', () => {
  it('is replayed in budgeted steps across frames, parsing each block once', () => {
    const scheduler = new ManualFrameScheduler();
    let clock = 0;
    // Each step "takes" 3 ms, so a frame of 8 ms runs three steps.
    const queue = new BudgetedQueue({ scheduler, budgetMs: 8, now: () => (clock += 3) });
    const container = document.createElement('div');
    act(() => render(<AssistantTurnView turn={storedTurn()} queue={queue} />, container));
    expect(parsed.chars).toBe(0);
    let frames = 0;
    while (scheduler.pendingCount > 0) {
      const before = parsed.chars;
      act(() => scheduler.runFrame());
      expect(parsed.chars - before).toBeLessThan(3 * 2_000 + 200);
      frames += 1;
      if (frames > 1_000) throw new Error('The replay did not finish.');
    }
    expect(frames).toBeGreaterThan(3);
    expect(parsed.chars).toBeGreaterThanOrEqual(LONG.length);
    expect(parsed.chars).toBeLessThan(LONG.length + 100);
    expect(container.textContent).toContain('Paragraph 599 with bold text');
    expect(container.textContent).toContain('The end.');
    expect(container.querySelectorAll('strong')).toHaveLength(600);
    act(() => render(null, container));
  });
});
