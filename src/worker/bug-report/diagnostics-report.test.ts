import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../shared/protocol/settings-messages';
import { DEFAULT_GENERAL_SETTINGS } from '../storage/settings-records';
import { callModel, SETTINGS_KEY } from './__fixtures__/model-call';
import { buildDiagnosticsReport, type DiagnosticsInput } from './diagnostics-report';
import { createRecentActivity } from './recent-activity';

const view = (): SettingsView => ({
  general: { ...DEFAULT_GENERAL_SETTINGS, customSystemPrompt: `Use key ${SETTINGS_KEY}` },
  models: [
    {
      id: 'm1',
      name: 'With key',
      kind: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:9/v1',
      modelId: 'gpt-test',
      supportsVision: false,
      reasoningEffort: 'default',
      contextWindow: 128_000,
      insecureOriginAcknowledged: null,
      hasApiKey: true,
      apiKeyHint: 'zyxw',
    },
    {
      id: 'm2',
      name: 'Local',
      kind: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      modelId: 'llama',
      supportsVision: false,
      reasoningEffort: 'default',
      contextWindow: 8_000,
      insecureOriginAcknowledged: null,
      hasApiKey: false,
      apiKeyHint: '',
    },
  ],
});

async function input(calls = 1, text = 'hello'): Promise<DiagnosticsInput> {
  const recent = createRecentActivity();
  const sink = recent.watch(undefined)({ runId: 'run-7', sessionId: 's', siteId: 'web' });
  for (let index = 0; index < calls; index += 1) await callModel(sink, `${text} ${index}`);
  sink.record({ kind: 'notice', phase: 'main-loop', summary: 'error PROVIDER_HTTP_ERROR 401' });
  sink.end('error', 'PROVIDER_HTTP_ERROR');
  return {
    version: '1.2.3',
    userAgent: 'TestBrowser/1.0',
    generatedAt: Date.UTC(2026, 0, 2),
    settings: view(),
    worker: { instanceId: 'w-1', startup: { ok: true } },
    lastRun: recent.lastRun(),
    exchanges: recent.exchanges(),
    secrets: [SETTINGS_KEY],
  };
}

describe('diagnostics report', () => {
  it('has the versions, settings, last run with its errors and the model exchanges', async () => {
    const report = buildDiagnosticsReport(await input(2));
    expect(report.text).toContain('- Version: 1.2.3');
    expect(report.text).toContain('- Browser: TestBrowser/1.0');
    expect(report.text).toContain('"apiKey": "set"');
    expect(report.text).toContain('"apiKey": "not set"');
    expect(report.text).toContain('- Run: run-7 (site web)');
    expect(report.text).toContain('error code PROVIDER_HTTP_ERROR');
    expect(report.text).toMatch(
      /### Errors and notices\n\n- Ended with PROVIDER_HTTP_ERROR\n- .*error PROVIDER_HTTP_ERROR 401/,
    );
    expect(report.text).toContain('"instanceId": "w-1"');
    expect(report.text).toContain('## Recent model exchanges (4, oldest first)');
    expect(report.text).toContain('hello 1');
    expect(report.exchanges).toBe(4);
    expect(report.cut).toEqual([]);
  });

  it('never shows a stored key, its hint, a labelled password or an Authorization header', async () => {
    const base = await input(
      1,
      'password: hunter2secret Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345',
    );
    const report = buildDiagnosticsReport({
      ...base,
      worker: { authorization: 'Basic dXNlcjpwYXNz', note: `key ${SETTINGS_KEY}` },
    });
    for (const secret of [
      SETTINGS_KEY,
      'hunter2secret',
      'abcdefghijklmnopqrstuvwxyz012345',
      'dXNlcjpwYXNz',
      '"apiKeyHint"',
    ])
      expect(report.text).not.toContain(secret);
    expect(report.text).toContain('[secret removed: api-key]');
  });

  it('stays under the limit by leaving out the oldest exchanges, and says so', async () => {
    const base = await input(12, 'y'.repeat(3_000));
    const report = buildDiagnosticsReport(base, 30_000);
    expect(report.text.length).toBeLessThanOrEqual(30_000);
    expect(report.exchanges).toBeGreaterThan(0);
    expect(report.exchanges).toBeLessThan(20);
    expect(report.cut).toEqual([`the ${20 - report.exchanges} oldest of 20 model exchanges`]);
    expect(report.text).toContain('Left out to stay under 30000 characters: the ');
    // The newest exchange is the one kept.
    expect(report.text).toContain('y'.repeat(100) + ' 11');
  });

  it('cuts the run events themselves when even they do not fit', async () => {
    const report = buildDiagnosticsReport(await input(1), 3_000);
    expect(report.text.length).toBeLessThanOrEqual(3_000);
    expect(report.cut[0]).toMatch(/^the last run's events after \d+ characters$/);
  });
});
