import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import type { TraceEvent, TraceRun } from '../../shared/protocol/trace-records';
import { createFakeApi } from '../chat/__fixtures__/fake-panel-api';
import { traceExportText } from './trace-export';
import { TracesPage } from './traces-page';

const RUN: TraceRun = {
  runId: 'run-1',
  sessionId: 'session-1',
  title: 'Read the mug page',
  siteId: 'web',
  startedAt: Date.UTC(2026, 0, 5, 9),
  endedAt: Date.UTC(2026, 0, 5, 9, 1),
  status: 'done',
  events: 3,
  bytes: 2_048,
  stopped: 'TRACE_QUOTA_EXCEEDED',
};

const event = (seq: number, kind: TraceEvent['kind'], summary: string, detail: string) => ({
  runId: 'run-1',
  seq,
  at: RUN.startedAt + seq * 500,
  kind,
  phase: 'main-loop' as const,
  summary,
  detail,
});

const EVENTS: TraceEvent[] = [
  event(0, 'model-request', 'scripted: 2 messages', '{"messages":[{"role":"user"}]}'),
  event(1, 'tool-call', 'read_page({})', '{"name":"read_page"}'),
  event(2, 'model-response', 'The mug is blue', '{"text":"The mug is blue"}'),
];

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

async function mount(run: TraceRun = RUN) {
  let runs = [run];
  const fake = createFakeApi({
    'traces/list': () => ({
      runs,
      totalBytes: runs.reduce((sum, run) => sum + run.bytes, 0),
      settings: { enabled: true, maxRuns: 50, maxMegabytes: 50 },
    }),
    'traces/get': () => ({ run, events: EVENTS }),
    'traces/delete': () => {
      runs = [];
      return { deleted: true };
    },
  });
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<TracesPage client={fake.api} />, container));
  await settle();
  const all = (testId: string) => [...container.querySelectorAll(`[data-testid="${testId}"]`)];
  const click = async (element: Element | undefined) => {
    act(() => (element as HTMLElement).click());
    await settle();
  };
  return { container, fake, all, click };
}

describe('TracesPage', () => {
  it('lists runs with their size, shows a timeline, a viewer and the stop reason, and searches', async () => {
    const view = await mount();
    expect(view.all('traces-total')[0]?.textContent).toBe('2.0 KB stored');
    expect(view.all('trace-run-size')[0]?.textContent).toBe('2.0 KB');
    await view.click(view.all('trace-run')[0]);
    expect(view.all('trace-event')).toHaveLength(3);
    expect(view.all('trace-stopped')[0]?.textContent).toContain('no room left for traces');
    await view.click(view.all('trace-event')[1]);
    expect(view.all('trace-detail')[0]?.textContent).toBe('{"name":"read_page"}');
    const search = view.all('trace-search')[0] as HTMLInputElement;
    act(() => {
      search.value = 'blue';
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle();
    expect(view.all('trace-event').map((item) => item.textContent)).toEqual([
      expect.stringContaining('The mug is blue'),
    ]);
  });

  it('says how a run ended in words, with its error code only under Details', async () => {
    const view = await mount({ ...RUN, status: 'error', errorCode: 'PROVIDER_NETWORK' });
    expect(view.all('trace-run')[0]?.textContent).toContain('Ended with an error');
    await view.click(view.all('trace-run')[0]);
    const meta = view.all('trace-run-meta')[0]?.textContent ?? '';
    expect(meta).toMatch(/^Ended with an error · 3 events · 2\.0 KB$/);
    const error = view.all('trace-run-error')[0]!;
    expect(error.querySelector('p')?.textContent).toMatch(/reach the model/i);
    expect(error.querySelector('p')?.textContent).not.toContain('PROVIDER_NETWORK');
    expect(error.querySelector('details code')?.textContent).toBe('PROVIDER_NETWORK');
  });

  it('deletes a run and lists what is left', async () => {
    const view = await mount();
    await view.click(view.all('trace-run')[0]);
    await view.click(view.all('trace-delete')[0]);
    expect(view.fake.calls.map((call) => call.type)).toContain('traces/delete');
    expect(view.all('trace-run')).toHaveLength(0);
    expect(view.container.textContent).toContain('No traces recorded yet.');
  });
});

describe('traceExportText', () => {
  it('writes the format, the run and parsed details, and filters secrets once more', () => {
    const leaked = event(3, 'notice', 'key sk-proj-AbCdEfGhIjKlMnOpQrSt99', '{"apiKey":"x1"}');
    const text = traceExportText(RUN, [...EVENTS, leaked], Date.UTC(2026, 0, 6));
    const file = JSON.parse(text) as { format: string; events: { detail: unknown }[] };
    expect(file.format).toBe('side-agent-trace/1');
    expect(file.events[1]?.detail).toEqual({ name: 'read_page' });
    expect(text).not.toContain('sk-proj-AbCdEfGhIjKlMnOpQrSt99');
    expect(text).not.toContain('x1');
  });
});
