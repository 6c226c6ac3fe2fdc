// The agent core end to end in real Chromium: the built worker runs a scripted
// multi-round conversation against the scripted model server (reserve, start,
// stream, a tool round, terminal save to the captured chat), and a second run in
// another chat is stopped mid-stream with exactly one cancelled terminal event.
// ## Why the tool round ends in a structured error
// The scripted call is the real built-in `read_document`; the stub typst.app page
// has no editor runtime, so the tool answers the model with `{ok:false, code,…}`.
// That still drives the whole multi-round loop through the shipped worker (the
// typst tools' own e2e covers successful reads on the workbench).
// ## Why a CORS proxy
// Optional host access cannot be granted in headless Chromium without a prompt;
// the proxy answers CORS like a browser-friendly gateway (see panel-settings.e2e.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { collectPanelEvents, createRunDriver, type RunDriver } from '../support/run-driver';

let site: HttpsSite;
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;
let driver: RunDriver;

beforeAll(async () => {
  site = await startHttpsSite((url) =>
    url.pathname.startsWith('/project/')
      ? { type: 'text/html', body: '<!doctype html><title>Thesis</title><p>project</p>' }
      : undefined,
  );
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      {
        name: 'slow-stream',
        turns: [
          {
            chunkSize: 4,
            chunkDelayMs: 40,
            steps: [
              { text: 'This answer streams slowly so the person can press Stop. '.repeat(40) },
            ],
          },
        ],
      },
    ],
  });
  proxy = await startCorsProxy(models.port);
  // Loopback stays loopback: the harness maps every other host to NOTFOUND.
  harness = await launchExtensionBrowser({
    typstPort: site.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/p1');
  const tabId = await harness.tabIdOf(page);
  panel = await harness.openPanelTab(tabId);
  await collectPanelEvents(panel);
  driver = createRunDriver(panel, {
    tabId,
    scope: { siteId: 'typst', projectId: 'p1' },
    baseUrl: proxy.baseUrl,
  });
});

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await site?.close();
});

describe('agent run through the real worker', () => {
  it('runs a scripted multi-round tool conversation and saves it to the captured chat', async () => {
    const modelId = await driver.saveModel('basic-tool-loop');
    const { runId, sessionId } = await driver.start(
      modelId,
      'How many lines does the document have?',
    );
    const end = await driver.waitForEnd(runId);
    expect(JSON.stringify(end.payload['error'] ?? null)).toBe('null');
    expect(end.payload).toMatchObject({ status: 'done', sessionId });
    const types = await driver.eventTypes(runId);
    expect(types[0]).toBe('run/start');
    expect(types.filter((type) => type === 'run/end')).toHaveLength(1);
    expect(types).toContain('run/tool-call');
    expect(types.indexOf('run/tool-call')).toBeLessThan(types.lastIndexOf('run/stream'));
    expect(await driver.streamedText(runId, 'text')).toBe(
      'Let me read the document.The document has **12 lines**.',
    );
    // Round 2 received the tool result for call_read_1 as a structured tool message.
    const second = models.requests.filter((request) =>
      request.path.endsWith('/chat/completions'),
    )[1];
    const toolMessage = (
      second?.body.messages as { role: string; tool_call_id?: string; content?: string }[]
    ).find((message) => message.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe('call_read_1');
    expect(JSON.parse(toolMessage?.content ?? '{}')).toMatchObject({ ok: false });
    const session = await driver.session(sessionId);
    const turn = session.turns.at(-1) as {
      role: string;
      status: string;
      runId: string;
      segments: { kind: string }[];
    };
    expect(turn).toMatchObject({ role: 'assistant', status: 'complete', runId });
    expect(turn.segments.map((segment) => segment.kind)).toEqual([
      'reasoning',
      'text',
      'tools',
      'reasoning',
      'text',
    ]);
    expect(await driver.status(sessionId)).toBeNull();
  });

  it('stops a second run mid-stream: one cancelled event, nothing after it, partial output saved', async () => {
    const modelId = await driver.saveModel('slow-stream');
    const { runId, sessionId } = await driver.start(modelId, 'Write a long answer.');
    await expect.poll(() => driver.streamedText(runId, 'text'), { timeout: 15_000 }).not.toBe('');
    const snapshot = (await driver.status(sessionId)) as { runId: string; sequence: number } | null;
    expect(snapshot?.runId).toBe(runId);
    expect(await driver.cancel(runId)).toEqual({ ok: true, data: { cancelled: true } });
    const end = await driver.waitForEnd(runId);
    expect(end.payload).toMatchObject({ status: 'cancelled', sessionId });
    const countAtEnd = (await driver.eventTypes(runId)).length;
    await panel.waitForTimeout(600);
    const types = await driver.eventTypes(runId);
    expect(types.length).toBe(countAtEnd);
    expect(types.at(-1)).toBe('run/end');
    const session = await driver.session(sessionId);
    const turn = session.turns.at(-1) as {
      status: string;
      segments: { kind: string; text?: string }[];
    };
    expect(turn.status).toBe('cancelled');
    expect(turn.segments[0]?.text?.length ?? 0).toBeGreaterThan(0);
    expect(turn.segments[0]?.text?.length ?? 0).toBeLessThan(40 * 57);
  });
});
