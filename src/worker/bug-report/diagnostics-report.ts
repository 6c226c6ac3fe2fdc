// ## Owns
// The text a person pastes into a bug report: versions, settings without secrets,
// the worker's own facts, the latest run's events and errors, and the recent model
// exchanges, as Markdown with JSON blocks. Everything passes the trace filter, every
// stored API key's literal value is replaced wherever it shows up, and the whole is
// kept under the size limit by leaving out the oldest exchanges first, saying so.
import { MAX_DIAGNOSTICS_CHARS } from '../../shared/protocol/diagnostics-messages';
import type { SettingsView } from '../../shared/protocol/settings-messages';
import { scrubValue, secretMarker } from '../../shared/secrets/trace-scrub';
import type { RecentExchange, RecentRun } from './recent-activity';

export interface DiagnosticsInput {
  readonly version: string;
  readonly userAgent: string;
  readonly generatedAt: number;
  readonly settings: SettingsView | null;
  readonly worker: unknown;
  readonly lastRun: RecentRun | null;
  readonly exchanges: readonly RecentExchange[];
  /** Stored secrets (API keys) whose exact values must not appear anywhere. */
  readonly secrets: readonly string[];
}

export interface DiagnosticsReport {
  readonly text: string;
  readonly exchanges: number;
  /** What was left out to stay under the limit, in plain words. */
  readonly cut: string[];
}

// Shorter values are too likely to match ordinary words.
const MIN_LITERAL_SECRET = 6;

const json = (value: unknown) => '```json\n' + JSON.stringify(value, null, 2) + '\n```';
const time = (at: number) => new Date(at).toISOString();

/** Settings as a report shows them: each model's key is "set" or "not set". */
export function reportSettings(view: SettingsView): unknown {
  // Filtered first: the filter drops any field named like a key, this one included.
  return {
    general: scrubValue(view.general),
    models: view.models.map(({ hasApiKey, apiKeyHint: _hint, ...model }) => {
      void _hint;
      return { ...(scrubValue(model) as object), apiKey: hasApiKey ? 'set' : 'not set' };
    }),
  };
}

function runSection(run: RecentRun | null): string {
  if (!run) return '## Last run\n\nNo run since the worker started.';
  const head = [
    `- Run: ${run.runId} (site ${run.siteId})`,
    `- Started: ${time(run.startedAt)}${run.endedAt !== null ? `, ended ${time(run.endedAt)}` : ''}`,
    `- Status: ${run.status}${run.errorCode ? `, error code ${run.errorCode}` : ''}`,
  ];
  const errors = run.events.filter(
    (event) => event.kind === 'notice' || /^error\b/i.test(event.summary),
  );
  const line = (event: RecentRun['events'][number]) =>
    `- ${time(event.at)} ${event.phase} ${event.kind}${event.name ? ` ${event.name}` : ''}: ${event.summary.replace(/\s+/g, ' ')}`;
  return [
    '## Last run',
    '',
    ...head,
    '',
    '### Errors and notices',
    '',
    ...(errors.length > 0 || run.errorCode
      ? [...(run.errorCode ? [`- Ended with ${run.errorCode}`] : []), ...errors.map(line)]
      : ['None.']),
    '',
    `### Events (${run.events.length}${run.droppedEvents ? `, ${run.droppedEvents} more not kept` : ''})`,
    '',
    ...run.events.map(line),
  ].join('\n');
}

const exchangeSection = (exchange: RecentExchange, index: number) =>
  [
    `### ${index + 1}. ${exchange.kind} · ${exchange.phase} · ${exchange.model} · ${time(exchange.at)}` +
      (exchange.durationMs !== undefined ? ` · ${exchange.durationMs} ms` : ''),
    '',
    exchange.summary.replace(/\s+/g, ' '),
    '',
    '```json',
    exchange.detail,
    '```',
  ].join('\n');

function withoutLiterals(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_LITERAL_SECRET) continue;
    out = out.split(secret).join(secretMarker('api-key'));
    // JSON escaping may have changed how the key reads in a block.
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) out = out.split(escaped).join(secretMarker('api-key'));
  }
  return out;
}

/** The report, at most {@link MAX_DIAGNOSTICS_CHARS} characters. */
export function buildDiagnosticsReport(
  input: DiagnosticsInput,
  limit = MAX_DIAGNOSTICS_CHARS,
): DiagnosticsReport {
  const clean = (text: string) => withoutLiterals(text, input.secrets);
  const header = clean(
    [
      '# Side Agent diagnostics',
      '',
      `- Version: ${input.version}`,
      `- Browser: ${input.userAgent}`,
      `- Generated: ${time(input.generatedAt)}`,
    ].join('\n'),
  );
  const fixed = [
    '## Settings (secrets removed)\n\n' +
      (input.settings ? json(reportSettings(input.settings)) : 'Could not be read.'),
    '## Worker\n\n' + json(scrubValue(input.worker)),
    runSection(input.lastRun),
  ].map(clean);
  const cut: string[] = [];
  // Room for the cut notes, which are short.
  let room = limit - header.length - 1_000 - fixed.reduce((sum, part) => sum + part.length + 2, 0);
  if (room < 0) {
    const events = fixed[2] ?? '';
    const keepChars = Math.max(0, events.length + room);
    fixed[2] = `${events.slice(0, keepChars)}\n[cut: the run's events go on]`;
    cut.push(`the last run's events after ${keepChars} characters`);
    room = 0;
  }
  // Newest first, so the oldest are the ones left out.
  const kept: string[] = [];
  const exchanges = input.exchanges;
  for (let index = exchanges.length - 1; index >= 0; index -= 1) {
    const exchange = exchanges[index];
    if (!exchange) continue;
    const section = clean(exchangeSection(exchange, index));
    if (section.length + 2 > room) break;
    room -= section.length + 2;
    kept.unshift(section);
  }
  if (kept.length < exchanges.length)
    cut.push(`the ${exchanges.length - kept.length} oldest of ${exchanges.length} model exchanges`);
  const parts = [
    header,
    ...(cut.length > 0 ? [`Left out to stay under ${limit} characters: ${cut.join('; ')}.`] : []),
    ...fixed,
    `## Recent model exchanges (${kept.length}, oldest first)\n\n` +
      (kept.length > 0 ? kept.join('\n\n') : 'None since the worker started.'),
  ];
  const text = parts.join('\n\n') + '\n';
  return { text: text.slice(0, limit), exchanges: kept.length, cut };
}
