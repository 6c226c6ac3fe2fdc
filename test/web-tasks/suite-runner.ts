// ## Owns
// Runs web tasks through the real extension in one real Chromium: every task's site on
// one local HTTPS server under its own hostname (with a `/record` endpoint that is the
// site's server-side state), the scripted model behind a CORS proxy, one extension
// page that drives runs over the panel protocol. Each task gets a fresh tab, its site
// allowed as a person would, a run in Act mode whose model is a policy, and the cards
// it opens answered as the task's person would. The judge then reads the site.
import type { Page } from 'playwright-core';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import type { ScenarioPolicy } from '../support/model-server/model-server.mjs';
import { collectPanelEvents, createRunDriver } from '../support/run-driver';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebHosts, type WebPages } from '../support/web-pages';
import type { SiteRecord, Verdict, WebTask } from './task';
import { conversationOf } from './transcript';

/** A run of one task, as measured. */
export interface TaskOutcome {
  readonly id: string;
  readonly category: string;
  readonly verdict: Verdict;
  /** Tool calls the model made. */
  readonly steps: number;
  /** Characters of tool results the model received, per step. */
  readonly observationCharsPerStep: number;
  /** The approval cards the run showed, in order. */
  readonly cards: Record<string, unknown>[];
  /** Tool results by name and code, e.g. `click:TOOL_DENIED`. */
  readonly results: string[];
  /** The run's end reason. */
  readonly endReason: string;
  readonly ms: number;
}

export interface RunOptions {
  readonly mode?: 'ask' | 'act';
  /** A model other than the task's oracle (a misbehaving one). */
  readonly policy?: ScenarioPolicy;
  readonly timeoutMs?: number;
  /** Press Stop once this many cards were answered (a person who has seen enough). */
  readonly stopAfterCards?: number;
}

export interface Suite {
  readonly pages: WebPages;
  readonly browser: WebBrowser;
  run(task: WebTask, policy: ScenarioPolicy, options?: RunOptions): Promise<TaskOutcome>;
  close(): Promise<void>;
}

const MODEL = 'scripted-model';

function hostsOf(tasks: readonly WebTask[], records: Map<string, SiteRecord>): WebHosts {
  const hosts: WebHosts = {};
  const add = (host: string, pages: WebHosts[string]) => {
    const record: SiteRecord = records.get(host) ?? [];
    records.set(host, record);
    hosts[host] = {
      ...hosts[host],
      ...pages,
      '/record': (url) => {
        record.push(Object.fromEntries(url.searchParams));
        return { type: 'text/plain', body: 'ok' };
      },
    };
  };
  for (const task of tasks) {
    add(task.host, task.pages);
    for (const [host, pages] of Object.entries(task.otherHosts ?? {})) add(host, pages);
  }
  return hosts;
}

export async function startSuite(tasks: readonly WebTask[]): Promise<Suite> {
  const seen = new Set<string>();
  for (const task of tasks) {
    if (seen.has(task.host)) throw new Error(`Two tasks share the host ${task.host}.`);
    seen.add(task.host);
  }
  const records = new Map<string, SiteRecord>();
  const pages = await startWebPages(hostsOf(tasks, records));
  const models: ModelServer = await startModelServer({ scenario: { name: 'idle', turns: [] } });
  const proxy: CorsProxy = await startCorsProxy(models.port);
  const browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  const panel: Page = await browser.openPanelTab();
  await collectPanelEvents(panel);
  let modelId: string | null = null;
  let runs = 0;

  async function run(task: WebTask, policy: ScenarioPolicy, options: RunOptions = {}) {
    const started = Date.now();
    const record = records.get(task.host) ?? [];
    record.length = 0;
    const requestsFrom = pages.requests.length;
    const tab = await browser.open(task.host);
    await browser.injectBridge(tab, task.alsoAllow ?? []);
    const tabId = await browser.tabIdOf(tab);
    const driver = createRunDriver(panel, {
      tabId,
      scope: { siteId: 'web', projectId: `https://${task.host}` },
      baseUrl: proxy.baseUrl,
    });
    modelId ??= await driver.saveModel(MODEL);
    runs += 1;
    await models.setScenario({ name: `task-${runs}`, models: [MODEL], turns: [], policy });
    const requestsBefore = models.requests.length;
    const { runId } = await driver.start(modelId, task.goal, { agentMode: options.mode ?? 'act' });
    const cards: Record<string, unknown>[] = [];
    const answered = new Set<string>();
    const deadline = Date.now() + (options.timeoutMs ?? 45_000);
    let end;
    for (;;) {
      const events = await driver.eventsOf(runId);
      end = events.find((event) => event.type === 'run/end');
      if (end) break;
      if (Date.now() > deadline) {
        await driver.cancel(runId);
        end = await driver.waitForEnd(runId);
        break;
      }
      const pending = [...events].reverse().find((event) => event.type === 'run/pending')?.payload[
        'pending'
      ] as Record<string, unknown> | null | undefined;
      const callId = pending ? String(pending['callId']) : '';
      if (pending && !answered.has(callId)) {
        answered.add(callId);
        cards.push(pending);
        const answer =
          pending['kind'] === 'action-approval'
            ? (task.onCard?.(pending) ?? 'approve') === 'approve'
              ? 'approve-once'
              : 'deny'
            : 'stop';
        await driver.resolve(runId, callId, answer);
        if (options.stopAfterCards !== undefined && cards.length >= options.stopAfterCards)
          await driver.cancel(runId);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const last = models.requests.slice(requestsBefore).at(-1)?.body as unknown;
    const calls = last ? conversationOf(last).calls : [];
    const chars = calls.reduce((total, entry) => total + entry.chars, 0);
    const verdict = await task.judge({
      record: [...record],
      page: tab,
      requests: pages.requests.slice(requestsFrom),
    });
    await tab.close();
    return {
      id: task.id,
      category: task.category,
      verdict,
      steps: calls.length,
      observationCharsPerStep: calls.length > 0 ? Math.round(chars / calls.length) : 0,
      cards,
      results: calls.map(
        (entry) =>
          `${entry.name}:${entry.result?.ok === false ? String(entry.result.code) : entry.result ? 'ok' : 'none'}`,
      ),
      endReason: [
        end.payload['status'],
        (end.payload['error'] as { code?: string } | undefined)?.code,
      ]
        .filter(Boolean)
        .join(':'),
      ms: Date.now() - started,
    };
  }

  return {
    pages,
    browser,
    run,
    async close() {
      await browser.close();
      await proxy.close();
      await models.close();
      await pages.close();
    },
  };
}
