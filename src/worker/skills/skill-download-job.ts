// ## Owns
// A skill's `httpDownloadJob` tool: POST the job to the declared endpoint, poll the
// status address it names (same origin only) until the job is done, failed or out
// of time, fetch the finished file without credentials, hand it to Downloads, and
// call the job's cleanup address (same origin) however it ended.
// ## Never
// Offered in Ask (it saves a file: skillToolModes), follows an address on another
// origin, or waits without the run's signal.
import { delay } from '../../shared/lib/abort';
import type { JsonValue, ToolDefinition, ToolOutcome } from '../tools/define-tool';
import {
  fetchSkillEndpoint,
  isSameHttpsOrigin,
  untrustedSkillResult,
  type SkillFailure,
  type SkillFetchDeps,
} from './skill-fetch';
import { requestUrlOf, skillToolDefinition, type SkillToolOwner } from './skill-http-tool';
import type { SkillDownloadJobTool } from './skill-manifest';

/** Files larger than this are not saved. */
export const SKILL_DOWNLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Saves a finished file through the browser's Downloads; tests pass a recorder. */
export type SaveDownload = (file: {
  readonly url: string;
  readonly filename: string;
  readonly signal: AbortSignal;
}) => Promise<{ ok: true; downloadId: number } | SkillFailure>;

export interface SkillDownloadDeps extends SkillFetchDeps {
  readonly saveDownload: SaveDownload;
  readonly now?: () => number;
}

type JobStatus =
  | { state: 'pending' }
  | { state: 'done'; downloadUrl: string; filename: string }
  | { state: 'failed'; message: string };

const field = (value: JsonValue, name: string): JsonValue | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value[name] : undefined;

/** A bare, safe file name: no folders, no control or reserved characters. */
export function safeFilename(name: unknown): string {
  const base = typeof name === 'string' ? (name.split(/[\\/]/).pop() ?? '') : '';
  const cleaned = base
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 120);
  return cleaned === '' ? 'download' : cleaned;
}

function readStatus(value: JsonValue, origin: string): JobStatus | SkillFailure {
  const state = field(value, 'status');
  if (state === 'failed' || state === 'error')
    return { state: 'failed', message: String(field(value, 'error') ?? 'no reason given') };
  if (state !== 'done' && state !== 'completed') return { state: 'pending' };
  const downloadUrl = field(value, 'downloadUrl');
  if (typeof downloadUrl !== 'string' || !isSameHttpsOrigin(downloadUrl, origin))
    return {
      ok: false,
      code: 'SKILL_ENDPOINT_REFUSED',
      message: 'The job named a download address outside the skill endpoint’s origin.',
    };
  return { state: 'done', downloadUrl, filename: safeFilename(field(value, 'filename')) };
}

/** The ToolDefinition of a skill's download-job tool. */
export function createSkillDownloadJobTool(
  owner: SkillToolOwner,
  tool: SkillDownloadJobTool,
  deps: SkillDownloadDeps,
): ToolDefinition<Record<string, unknown>> {
  const now = deps.now ?? Date.now;
  async function run(args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutcome> {
    const target = requestUrlOf(tool, args, false);
    if (!target.ok) return target;
    const origin = new URL(target.url).origin;
    const posted = await fetchSkillEndpoint(
      target.url,
      { method: 'POST', body: target.rest as Record<string, JsonValue> },
      signal,
      deps,
    );
    if (!posted.ok) return posted;
    const statusUrl = field(posted.value, 'statusUrl');
    const cleanupUrl = field(posted.value, 'cleanupUrl');
    if (typeof statusUrl !== 'string' || !isSameHttpsOrigin(statusUrl, origin))
      return {
        ok: false,
        code: 'SKILL_ENDPOINT_REFUSED',
        message: 'The job answer needs a statusUrl on the skill endpoint’s own origin.',
      };
    const cleanup = async () => {
      if (typeof cleanupUrl === 'string' && isSameHttpsOrigin(cleanupUrl, origin))
        await fetchSkillEndpoint(cleanupUrl, { method: 'DELETE' }, new AbortController().signal, {
          ...deps,
          timeoutMs: 5_000,
        });
    };
    try {
      const deadline = now() + tool.timeoutMs;
      for (;;) {
        const polled = await fetchSkillEndpoint(statusUrl, { method: 'GET' }, signal, deps);
        if (!polled.ok) return polled;
        const status = readStatus(polled.value, origin);
        if ('ok' in status) return status;
        if (status.state === 'failed')
          return {
            ok: false,
            code: 'SKILL_JOB_FAILED',
            message: `The job failed: ${status.message.slice(0, 500)}`,
          };
        if (status.state === 'done') {
          const saved = await deps.saveDownload({
            url: status.downloadUrl,
            filename: status.filename,
            signal,
          });
          if (!saved.ok) return saved;
          return {
            ok: true,
            result: untrustedSkillResult(owner.name, origin, {
              saved: true,
              filename: status.filename,
            }),
            summary: `${tool.name}: saved ${status.filename} to Downloads`,
          };
        }
        if (now() + tool.pollIntervalMs > deadline)
          return {
            ok: false,
            code: 'SKILL_JOB_TIMEOUT',
            message: `The job did not finish within ${Math.round(tool.timeoutMs / 1000)} s.`,
          };
        await delay(tool.pollIntervalMs, signal);
      }
    } finally {
      await cleanup().catch(() => undefined);
    }
  }
  return skillToolDefinition(owner, tool, (args, context) => run(args, context.signal));
}
