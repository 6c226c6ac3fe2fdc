// The side panel under a long stream (issue 6, Figures): about 20,000 tokens at about
// 500 tokens/s from the scripted model server (scenario stream-20k: a reasoning
// prefix, then Markdown with headings, paragraphs, lists, tables and code fences),
// through the real path: composer -> worker -> OpenAI-compatible provider -> worker
// stream batches -> panel event router -> streaming renderer. The fixture editor
// page plays https://typst.app (the workbench's compiler would compete for the CPU).
// Prints the longest main-thread task of the panel page and the count over 50 ms
// (PerformanceObserver 'longtask'), and the panel's ScriptDuration and TaskDuration
// per 1,000 tokens (CDP Performance.getMetrics), for the stream and for the whole
// run including the swap to the stored turn at the end.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCorsProxy } from '../test/support/cors-proxy';
import { launchExtensionBrowser, REPO_ROOT } from '../test/support/extension-browser';
import { codemirrorBundle, editorPageHtml } from '../test/support/fixture-pages';
import { startHttpsSite } from '../test/support/https-site';
import { startModelServer } from '../test/support/model-server/model-server.mjs';
import { metrics, traceTasks, type Metrics, type TraceEvent } from './support/panel-trace';
import {
  activateModel,
  bridgeConnected,
  freshChatIn,
  saveScriptedModels,
} from '../test/support/panel-page';

const SCENARIO = 'stream-20k';
const CHARS_PER_TOKEN = 4;
const LONG_TASK_MS = 50;

interface Scenario {
  turns: { steps: ({ reasoning: string } | { text: string })[] }[];
}
interface PanelProbe {
  longTasks: { start: number; duration: number }[];
  marks: Record<string, number>;
  sentAt: number;
}

const scenario = JSON.parse(
  readFileSync(
    path.join(REPO_ROOT, 'test/support/model-server/scenarios', `${SCENARIO}.json`),
    'utf8',
  ),
) as Scenario;
const steps = scenario.turns[0]?.steps ?? [];
const reasoningChars = steps.reduce(
  (sum, step) => sum + ('reasoning' in step ? step.reasoning.length : 0),
  0,
);
const textChars = steps.reduce((sum, step) => sum + ('text' in step ? step.text.length : 0), 0);
const tokens = (reasoningChars + textChars) / CHARS_PER_TOKEN;

execFileSync('npx', ['--no-install', 'wxt', 'build'], { stdio: 'ignore' });
const script = await codemirrorBundle();
const site = await startHttpsSite((url) => {
  if (url.pathname === '/__fixture/codemirror.js') return { type: 'text/javascript', body: script };
  if (url.pathname === '/project/stream') {
    return {
      type: 'text/html',
      body: editorPageHtml({
        project: 'Stream',
        path: 'main.typ',
        text: '= Streaming\n\nHello Typst.\n',
      }),
    };
  }
  return undefined;
});
const models = await startModelServer({ scenario: SCENARIO });
const proxy = await startCorsProxy(models.port);
const harness = await launchExtensionBrowser({
  typstPort: site.port,
  hostRules: ['EXCLUDE 127.0.0.1'],
});
try {
  await harness.waitForStartup();
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/stream');
  await bridgeConnected(page);
  const tabId = await harness.tabIdOf(page);
  const panel = await harness.openPanelTab(tabId, { testHarness: true });
  await panel.setViewportSize({ width: 400, height: 800 });
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [{ modelId: SCENARIO }]);
  await activateModel(panel, ids[SCENARIO]!);
  await freshChatIn(panel, { siteId: 'typst', projectId: 'stream' });
  const input = panel.getByTestId('composer-input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  for (let attempt = 0; attempt < 150 && !(await input.isEnabled()); attempt += 1)
    await panel.waitForTimeout(100);

  const probeScript = () => {
    type Sig<T> = { value: T; subscribe(callback: (value: T) => void): () => void };
    type Run = { status: Sig<string> };
    const probe = {
      longTasks: [] as { start: number; duration: number }[],
      marks: {} as Record<string, number>,
      sentAt: 0,
    };
    Object.assign(globalThis, { __panelStreamProbe: probe });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: false });
    const hook = (
      globalThis as unknown as {
        __sideAgentTestHarness: { panel: { runs: { live: Sig<Run | null> } } };
      }
    ).__sideAgentTestHarness;
    let seen = false;
    hook.panel.runs.live.subscribe((run) => {
      if (run) {
        seen = true;
        run.status.subscribe((status) => {
          if (probe.marks[status] !== undefined) return;
          probe.marks[status] = performance.now();
          performance.mark(`panel-stream-${status}`);
        });
      } else if (seen && probe.marks['stored'] === undefined) {
        probe.marks['stored'] = performance.now();
        performance.mark('panel-stream-stored');
      }
    });
    const observer = new MutationObserver(() => {
      const live = document.querySelector('[data-testid="live-turn"]');
      if (!live) return;
      if (
        probe.marks['firstToken'] === undefined &&
        live.querySelector('.stream-answer')?.textContent
      )
        probe.marks['firstToken'] = performance.now();
      if (probe.marks['firstToken'] !== undefined) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  };
  const readProbe = () =>
    panel.evaluate(
      () => (globalThis as unknown as { __panelStreamProbe: PanelProbe }).__panelStreamProbe,
    );
  /** Characters the live answer shows so far (rendered Markdown, so a little under the source). */
  const liveChars = () =>
    panel.evaluate(
      () =>
        document.querySelector('[data-testid="live-turn"] .stream-answer')?.textContent?.length ??
        0,
    );

  const cdp = await harness.context.newCDPSession(panel);
  await cdp.send('Performance.enable');
  const send = (method: 'Performance.getMetrics') => cdp.send(method);
  const sendMessage = async (text: string) => {
    await panel.evaluate(probeScript);
    await input.fill(text);
    await panel.evaluate(() => {
      (globalThis as unknown as { __panelStreamProbe: PanelProbe }).__panelStreamProbe.sentAt =
        performance.now();
      performance.mark('panel-stream-sent');
    });
    await input.press('Enter');
  };

  // Run 1: the long stream. Metrics are sampled every second while the run is live, so
  // the last sample before the run's end separates streaming from the end-of-run swap.
  const browser = harness.context.browser();
  if (!browser) throw new Error('No browser to trace.');
  await browser.startTracing(panel, {
    categories: ['__metadata', 'toplevel', 'blink.user_timing'],
  });
  await sendMessage('Write the long style guide.');
  const before = await metrics(send);
  const wallStart = performance.now();
  const samples: { at: number; chars: number; metrics: Metrics }[] = [];
  for (;;) {
    const [probe, chars, sample] = await Promise.all([readProbe(), liveChars(), metrics(send)]);
    if (
      probe.marks['done'] !== undefined ||
      probe.marks['error'] !== undefined ||
      probe.marks['cancelled'] !== undefined
    )
      break;
    samples.push({ at: performance.now() - wallStart, chars, metrics: sample });
    if (performance.now() - wallStart > 180_000)
      throw new Error('The stream did not end within 180 s.');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const streamWallMs = performance.now() - wallStart;
  await panel.waitForFunction(
    () =>
      (globalThis as unknown as { __panelStreamProbe: PanelProbe }).__panelStreamProbe.marks[
        'stored'
      ] !== undefined,
    null,
    { timeout: 60_000, polling: 100 },
  );
  await panel.waitForTimeout(1_000);
  const after = await metrics(send);
  const traceBuffer = await browser.stopTracing();
  // PANEL_STREAM_TRACE=<file> keeps the trace for chrome://tracing or the Performance panel.
  if (process.env['PANEL_STREAM_TRACE'])
    writeFileSync(process.env['PANEL_STREAM_TRACE'], traceBuffer);
  const trace = traceTasks(traceBuffer);
  const probe = await readProbe();
  if (probe.marks['done'] === undefined)
    throw new Error(`The run did not complete: ${JSON.stringify(probe.marks)}`);
  const shown = await panel.evaluate(() => {
    const turn = Array.from(document.querySelectorAll('[data-testid="assistant-turn"]')).at(-1);
    return {
      status: turn?.getAttribute('data-status') ?? null,
      chars: turn?.querySelector('.stream-answer')?.textContent?.length ?? 0,
    };
  });

  // Run 2: a short follow-up in the same chat; its end reloads the chat, which still
  // holds the 20,000-token answer.
  await sendMessage('Summarize it in one line.');
  await panel.waitForFunction(
    () =>
      (globalThis as unknown as { __panelStreamProbe: PanelProbe }).__panelStreamProbe.marks[
        'stored'
      ] !== undefined,
    null,
    { timeout: 60_000, polling: 100 },
  );
  await panel.waitForTimeout(1_000);
  const followUp = await readProbe();

  // Opening the chat that holds the long answer (a panel reload): the stored answers are
  // replayed from storage, a budget per frame, so no task should exceed 50 ms.
  await browser.startTracing(panel, {
    categories: ['__metadata', 'toplevel', 'blink.user_timing'],
  });
  await panel.evaluate(() => performance.mark('panel-stream-open'));
  const openStart = performance.now();
  await panel.reload();
  await panel.waitForFunction(
    (chars) => {
      const answers = Array.from(
        document.querySelectorAll('[data-testid="assistant-turn"] .stream-answer'),
      );
      return answers.some((answer) => (answer.textContent?.length ?? 0) >= chars);
    },
    shown.chars,
    { timeout: 60_000, polling: 50 },
  );
  const openWallMs = performance.now() - openStart;
  await panel.waitForTimeout(500);
  const openTrace = JSON.parse((await browser.stopTracing()).toString('utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  const openEvents = Array.isArray(openTrace) ? openTrace : openTrace.traceEvents;
  const openMark = openEvents.find((event) => event.name === 'panel-stream-open');
  // The reloaded page keeps its renderer's main thread; outermost slices after the mark.
  let openUntil = -Infinity;
  const openTasks = openEvents
    .filter(
      (event) =>
        openMark &&
        event.pid === openMark.pid &&
        event.tid === openMark.tid &&
        event.ph === 'X' &&
        event.dur !== undefined &&
        event.ts > openMark.ts,
    )
    .sort((a, b) => a.ts - b.ts)
    .filter((event) => {
      if (event.ts < openUntil) return false;
      openUntil = event.ts + (event.dur ?? 0);
      return true;
    })
    .map((event) => ({ wall: (event.dur ?? 0) / 1000, cpu: (event.tdur ?? 0) / 1000 }));

  const per1k = (ms: number, count = tokens) => (ms / count) * 1000;
  const streamEnd = probe.marks['done'] ?? Infinity;
  const since = (tasks: PanelProbe['longTasks'], from: number, to = Infinity) =>
    tasks.filter((task) => task.start >= from && task.start < to);
  const longest = (tasks: { duration: number }[]) =>
    tasks.reduce((max, task) => Math.max(max, task.duration), 0);
  const over = (tasks: { duration: number }[]) =>
    tasks.filter((task) => task.duration > LONG_TASK_MS).length;
  const fmt = (value: number, digits = 1) => value.toFixed(digits);
  const streamSeconds = (streamEnd - (probe.marks['firstToken'] ?? probe.sentAt)) / 1000;
  const duringStream = since(probe.longTasks, probe.sentAt, streamEnd);
  const atEnd = since(probe.longTasks, streamEnd);
  const whole = since(probe.longTasks, probe.sentAt);
  const last = samples.at(-1);
  const lastTokens = (last?.chars ?? 0) / CHARS_PER_TOKEN;
  // Scripting cost per 1,000 tokens in each third of the stream (flat = O(delta) per frame).
  const thirds = [1, 2, 3].map(
    (part) => samples[Math.min(samples.length - 1, Math.floor((part * samples.length) / 3) - 1)],
  );
  const thirdRates = thirds.map((sample, index) => {
    const previous = index === 0 ? { chars: 0, metrics: before } : thirds[index - 1];
    if (!sample || !previous || sample.chars <= previous.chars) return NaN;
    return per1k(
      sample.metrics.script - previous.metrics.script,
      (sample.chars - previous.chars) / CHARS_PER_TOKEN,
    );
  });

  console.log(
    `where: headless Chromium, real panel page (?tabId=), composer -> worker -> OpenAI-compatible adapter -> scripted model server (${SCENARIO}: ${reasoningChars} reasoning + ${textChars} Markdown chars, ${CHARS_PER_TOKEN} chars per token)`,
  );
  console.log(`panel stream tokens streamed: ${Math.round(tokens)} tokens`);
  console.log(
    `panel stream answer chars shown in the stored turn (${shown.status}): ${shown.chars} chars`,
  );
  console.log(
    `panel stream send to first token shown: ${fmt((probe.marks['firstToken'] ?? NaN) - probe.sentAt, 0)} ms`,
  );
  console.log(`panel stream first token to run end: ${fmt(streamSeconds, 2)} s`);
  console.log(`panel stream achieved rate: ${fmt(tokens / streamSeconds, 0)} tokens/s`);
  console.log(`panel stream wall time, send to run end: ${fmt(streamWallMs / 1000, 2)} s`);
  console.log(
    `panel stream longest main-thread task while streaming: ${fmt(longest(duringStream))} ms`,
  );
  console.log(
    `panel stream tasks over ${LONG_TASK_MS} ms while streaming: ${over(duringStream)} count`,
  );
  console.log(
    `panel stream longest main-thread task from run end to stored turn shown: ${fmt(longest(atEnd))} ms`,
  );
  console.log(`panel stream tasks over ${LONG_TASK_MS} ms, whole run: ${over(whole)} count`);
  console.log(
    `panel stream ScriptDuration per 1,000 tokens while streaming (${Math.round(lastTokens)} tokens sampled): ${fmt(per1k((last?.metrics.script ?? NaN) - before.script, lastTokens), 2)} ms`,
  );
  console.log(
    `panel stream TaskDuration per 1,000 tokens while streaming: ${fmt(per1k((last?.metrics.task ?? NaN) - before.task, lastTokens), 2)} ms`,
  );
  console.log(
    `panel stream Layout + RecalcStyle per 1,000 tokens while streaming: ${fmt(per1k((last?.metrics.layout ?? NaN) - before.layout + (last?.metrics.style ?? NaN) - before.style, lastTokens), 2)} ms`,
  );
  console.log(
    `panel stream ScriptDuration per 1,000 tokens by third of the stream: ${thirdRates.map((rate) => fmt(rate, 2)).join(' / ')} ms`,
  );
  console.log(
    `panel stream ScriptDuration per 1,000 tokens, whole run incl. end: ${fmt(per1k(after.script - before.script), 2)} ms`,
  );
  console.log(
    `panel stream TaskDuration per 1,000 tokens, whole run incl. end: ${fmt(per1k(after.task - before.task), 2)} ms`,
  );
  const traced = (from: number, to: number) =>
    trace.tasks.filter((task) => task.ts >= from && task.ts < to);
  const streamTasks = traced(trace.sent, trace.done);
  const endTasks = traced(trace.done, Infinity);
  const top = (tasks: typeof trace.tasks, key: 'wall' | 'cpu') =>
    tasks.reduce((max, task) => Math.max(max, task[key]), 0);
  const overBy = (tasks: typeof trace.tasks, key: 'wall' | 'cpu') =>
    tasks.filter((task) => task[key] > LONG_TASK_MS).length;
  console.log(`panel stream trace: main-thread tasks while streaming: ${streamTasks.length} count`);
  console.log(
    `panel stream trace: longest task while streaming, CPU: ${fmt(top(streamTasks, 'cpu'))} ms`,
  );
  console.log(
    `panel stream trace: longest task while streaming, wall: ${fmt(top(streamTasks, 'wall'))} ms`,
  );
  console.log(
    `panel stream trace: tasks over ${LONG_TASK_MS} ms while streaming, CPU / wall: ${overBy(streamTasks, 'cpu')} / ${overBy(streamTasks, 'wall')} count`,
  );
  console.log(
    `panel stream trace: longest task from run end to stored turn shown, CPU: ${fmt(top(endTasks, 'cpu'))} ms`,
  );
  console.log(
    `panel stream trace: longest task from run end to stored turn shown, wall: ${fmt(top(endTasks, 'wall'))} ms`,
  );
  console.log(
    `panel stream trace: main-thread CPU per 1,000 tokens while streaming: ${fmt(per1k(streamTasks.reduce((sum, task) => sum + task.cpu, 0)), 2)} ms`,
  );
  console.log(
    `panel stream follow-up run end (chat holds the long answer), longest task: ${fmt(longest(since(followUp.longTasks, followUp.sentAt)))} ms`,
  );
  console.log(
    `panel stream follow-up run, tasks over ${LONG_TASK_MS} ms: ${over(since(followUp.longTasks, followUp.sentAt))} count`,
  );
  console.log(
    `panel stream reopen the chat (reload) until the long answer is shown: ${fmt(openWallMs, 0)} ms`,
  );
  console.log(
    `panel stream reopen, longest task CPU / wall: ${fmt(openTasks.reduce((max, task) => Math.max(max, task.cpu), 0))} / ${fmt(openTasks.reduce((max, task) => Math.max(max, task.wall), 0))} ms`,
  );
  console.log(
    `panel stream reopen, tasks over ${LONG_TASK_MS} ms CPU / wall: ${openTasks.filter((task) => task.cpu > LONG_TASK_MS).length} / ${openTasks.filter((task) => task.wall > LONG_TASK_MS).length} count`,
  );
} finally {
  await harness.close();
  await proxy.close();
  await models.close();
  await site.close();
}
