import { describe, expect, it } from 'vitest';
import { createTraceStarter } from '../traces/trace-recorder';
import { createTestTracesStore } from '../traces/__fixtures__/trace-fakes';
import { createMemorySettingsStore } from '../storage/__fixtures__/memory-stores';
import { createRecentActivity } from '../bug-report/recent-activity';
import { callModel } from '../bug-report/__fixtures__/model-call';
import { createDiagnosticsHandlers } from './diagnostics.handlers';

// No vendor prefix: only the stored-key filter can find it.
const KEY = 'storedkey-QwErTyUiOp-0987654321';

async function setup() {
  const settings = createMemorySettingsStore({ customSystemPrompt: `My key is ${KEY}` });
  await settings.saveModel({
    name: 'Work model',
    kind: 'openai-compatible',
    baseUrl: 'https://api.example.com/v1',
    modelId: 'gpt-test',
    supportsVision: false,
    reasoningEffort: 'default',
    contextWindow: 128_000,
    insecureOriginAcknowledged: null,
    apiKey: KEY,
  });
  const traceStore = await createTestTracesStore();
  await traceStore.saveSettings({ ...(await traceStore.settings()), enabled: true });
  return { settings, traceStore };
}

const report = async (deps: Parameters<typeof createDiagnosticsHandlers>[0]) => {
  const handler = createDiagnosticsHandlers(deps)['diagnostics/report'];
  return handler({}, { signal: new AbortController().signal } as never);
};

describe('diagnostics/report', () => {
  it('reports the run this worker saw, and no stored key even where the person typed it', async () => {
    const { settings, traceStore } = await setup();
    const recentActivity = createRecentActivity();
    const sink = recentActivity.watch(undefined)({
      runId: 'run-live',
      sessionId: 's',
      siteId: 'web',
    });
    await callModel(sink, `please use ${KEY}`);
    sink.end('done');
    const result = await report({
      version: '9.9.9',
      settings,
      traceStore,
      agent: { recentActivity },
      userAgent: 'UA/1',
      workerFacts: async () => ({ instanceId: 'worker-1' }),
    });
    expect(result.text).toContain('- Version: 9.9.9');
    expect(result.text).toContain('- Run: run-live (site web)');
    expect(result.text).toContain('"instanceId": "worker-1"');
    expect(result.text).toContain('"apiKey": "set"');
    expect(result.text).toContain('please use [secret removed: api-key]');
    expect(result.text).not.toContain(KEY);
    expect(result.exchanges).toBe(2);
  });

  it('falls back to the newest recorded trace after a worker restart', async () => {
    const { settings, traceStore } = await setup();
    const recorder = createTraceStarter({ store: traceStore })({
      runId: 'run-stored',
      sessionId: 's',
      siteId: 'web',
    });
    await callModel(recorder, 'earlier question');
    recorder.end('error', 'PROVIDER_HTTP_ERROR');
    await recorder.settled();
    const result = await report({
      version: '9.9.9',
      settings,
      traceStore,
      agent: { recentActivity: createRecentActivity() },
      workerFacts: async () => {
        throw new Error('not published');
      },
    });
    expect(result.text).toContain('- Run: run-stored (site web)');
    expect(result.text).toContain('- Ended with PROVIDER_HTTP_ERROR');
    expect(result.text).toContain('main-loop model-request m');
    expect(result.text).toContain('"unreadable": "not published"');
    expect(result.text).toContain('None since the worker started.');
  });

  it('does not wait long for worker facts that never settle', async () => {
    const { settings, traceStore } = await setup();
    const result = await report({
      version: '9.9.9',
      settings,
      traceStore,
      agent: { recentActivity: createRecentActivity() },
      workerFacts: () => new Promise(() => undefined),
      factsWaitMs: 20,
    });
    expect(result.text).toContain('the worker was still starting up');
  });
});
