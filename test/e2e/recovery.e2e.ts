// Recovery end to end in real Chromium on the workbench (real CodeMirror 6) with the
// built extension: scripted responses edit the document through the real run loop and
// the real typst tools (Auto approve), the side panel's Revert and Snapshot actions are
// clicked like a person would, and the worker is stopped between the steps of a commit
// and of a revert to show the next worker's reconciliation.
// ## How the interruption tests are honest without test-only code in the extension
// The journal steps are driven from inside the real worker by a small harness bundled
// from the shipped modules (src/worker/recovery) over the same IndexedDB database; the
// worker is then stopped with CDP between two steps, and the NEXT worker instance (the
// shipped main.ts, untouched) reconciles at startup. Its outcome is read from the
// startup reconciliation the worker publishes in its diagnostics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { build } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  launchExtensionBrowser,
  REPO_ROOT,
  type ExtensionBrowser,
} from '../support/extension-browser';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import { startWorkbench, type RunningWorkbench } from '../../workbench/server.mjs';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { collectPanelEvents, createRunDriver, type RunDriver } from '../support/run-driver';
import { bridgeConnected } from '../support/panel-page';
import './support/workbench-browser';

const FILE = 'chapters/intro.typ';
const ORIGINAL = [
  '= Introduction',
  '',
  'Alpha paragraph.',
  '',
  'Beta paragraph.',
  '',
  'Gamma paragraph.',
  '',
].join('\n');
const scope = { siteId: 'typst' as const, projectId: 'thesis' };

/** Response k of a chat: its first request carries k assistant messages (one per earlier answer). */
function editScenario(name: string, k: number, search: string, replace: string) {
  const filler = Array.from({ length: k }, () => ({ steps: [{ text: 'unused' }] }));
  return {
    name,
    turns: [
      ...filler,
      {
        steps: [
          {
            toolCall: {
              id: `call_${name}`,
              name: 'search_replace',
              arguments: { search, replace },
            },
          },
        ],
      },
      { steps: [{ text: `Edited (${name}).` }] },
    ],
  };
}

const HARNESS = `
import { createRecoveryService } from './src/worker/recovery/recovery-service';
import { createLiveDocumentPort } from './src/worker/recovery/live-document';
import { planRevert } from './src/worker/recovery/revert-changes';
import { createPageRequests } from './src/worker/page-requests';
import { createTabsTransport } from './src/worker/platform/tabs-transport';
import { IndexedDbChatStore } from './src/worker/storage/chats.store';
const page = createLiveDocumentPort(createPageRequests(createTabsTransport));
const chats = new IndexedDbChatStore({ factory: indexedDB, name: 'chats.database.v1' });
const recovery = createRecoveryService({ factory: indexedDB, databaseName: 'chats.database.v1', chats, page, siteOf: async () => null, isRunActive: () => false });
globalThis.__recoveryHarness = {
  async stage(tabId, sessionId, runId, search, replace) {
    const live = await page.read(tabId);
    const from = live.text.indexOf(search);
    const changes = [{ from, to: from + search.length, insert: replace }];
    const context = { runId, identity: { tabId, scope: { siteId: 'typst', projectId: 'thesis' }, sessionId }, state: { checkpointId: null } };
    await recovery.editHooks.stageWrite(context, { fileLabel: live.fileLabel, text: live.text, hash: live.hash, changes });
    return { checkpointId: context.state.checkpointId, changes };
  },
  commitPage: async (tabId, changes) => page.commit(tabId, await page.read(tabId), changes),
  commitJournal: async (id, tabId) => { const live = await page.read(tabId); return recovery.journal.commit(id, { hash: live.hash, length: live.length }); },
  beginRevert: (id) => recovery.journal.beginRevert(id),
  async revertPage(id, tabId) {
    const live = await page.read(tabId);
    const plan = await planRevert(await recovery.journal.get(id), await recovery.journal.body(id), live.text);
    await page.commit(tabId, live, plan.changes);
    return plan.method;
  },
  list: () => recovery.journal.list(),
};
`;

let workbench: RunningWorkbench;
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let page: Page;
let tabId: number;
let control: Page;
let driver: RunDriver;

const getDoc = () => page.evaluate((file) => window.__workbench.getText(file), FILE);
const setDoc = (text: string) =>
  page.evaluate(([file, value]) => window.__workbench.setText(file, value), [FILE, text] as const);

/** Sends one user message in `sessionId` and waits for the run's end. */
async function respond(sessionId: string, modelId: string, question: string) {
  const runId = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const identity = { tabId, scope, sessionId };
  const must = async (message: Record<string, unknown>) => {
    const result = await driver.send(message);
    if (!result.ok)
      throw new Error(`${String(message['type'])}: ${result.error?.code} ${result.error?.message}`);
    return result.data;
  };
  await must({ type: 'run/reserve', runId, payload: identity });
  const userTurnId = `u-${runId}`;
  await must({
    type: 'session/append-user-turn',
    payload: {
      sessionId,
      turn: {
        id: userTurnId,
        role: 'user',
        createdAt: Date.now(),
        text: question,
        file: null,
        attachments: [],
      },
    },
  });
  await must({
    type: 'run/start',
    runId,
    payload: {
      ...identity,
      userTurnId,
      modelId,
      editMode: 'auto',
      file: null,
      selection: null,
      attachments: [],
      attachmentRecords: [],
    },
  });
  const end = await driver.waitForEnd(runId, 30_000);
  expect(end.payload).toMatchObject({ status: 'done' });
  return runId;
}

const modelIds = new Map<string, string>();
/** The saved model that answers with scenario `name` (saved once per profile). */
async function model(name: string): Promise<string> {
  if (!modelIds.has(name)) modelIds.set(name, await driver.saveModel(name));
  return modelIds.get(name) as string;
}

async function newChat(): Promise<string> {
  const created = await driver.send({ type: 'session/create', payload: { scope } });
  return (created.data as { id: string }).id;
}

/** Opens the side panel for the project tab (it shows the project's latest chat). */
async function openPanel(): Promise<Page> {
  const panel = await harness.openPanelTab(tabId);
  await panel.waitForSelector('[data-testid="assistant-turn"]', { timeout: 15_000 });
  return panel;
}

beforeAll(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-e2e-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      editScenario('edit-a', 0, 'Alpha paragraph.', 'Alpha paragraph, revised by the agent.'),
      editScenario('edit-b', 1, 'Beta paragraph.', 'Beta paragraph, revised by the agent.'),
      editScenario('edit-c', 2, 'Gamma paragraph.', 'Gamma paragraph, revised by the agent.'),
      {
        name: 'answer',
        turns: [{ steps: [{ text: 'Nothing to change.' }] }],
        repeatLastTurn: true,
      },
    ],
  });
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await page.evaluate(() => window.__workbench.ready);
  await bridgeConnected(page, 15_000);
  await page.evaluate((file) => window.__workbench.openFile(file), FILE);
  tabId = await harness.tabIdOf(page);
  control = await harness.openPanelTab(tabId);
  await collectPanelEvents(control);
  driver = createRunDriver(control, { tabId, scope, baseUrl: proxy.baseUrl });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

describe('recovery on the workbench', () => {
  it('three responses edit the document; Revert on the first reverts all three, newest first', async () => {
    await setDoc(ORIGINAL);
    const sessionId = await newChat();
    for (const [name, question] of [
      ['edit-a', 'Revise alpha.'],
      ['edit-b', 'Revise beta.'],
      ['edit-c', 'Revise gamma.'],
    ] as const) {
      await respond(sessionId, await model(name), question);
    }
    expect(await getDoc()).toContain('Gamma paragraph, revised by the agent.');
    const panel = await openPanel();
    await expect
      .poll(() => panel.locator('[data-testid="revert"]').count(), { timeout: 10_000 })
      .toBe(3);
    await panel.locator('[data-testid="revert"]').first().click();
    await expect
      .poll(() => panel.locator('[data-testid="revert-confirm"]').textContent())
      .toContain('and 2 later ones');
    // A caret in unchanged text stays put: the inverse is sent as minimal changes, not a
    // whole-document replacement (which would map it to the start of the document).
    await page.evaluate(() => window.__workbench.getView()?.dispatch({ selection: { anchor: 5 } }));
    await panel.locator('[data-testid="revert-confirm-yes"]').click();
    await expect
      .poll(() => panel.locator('[data-testid="recovery-message"]').textContent(), {
        timeout: 15_000,
      })
      .toContain('Reverted 3 responses');
    expect(await getDoc()).toBe(ORIGINAL);
    expect(await page.evaluate(() => window.__workbench.getView()?.state.selection.main.head)).toBe(
      5,
    );
    await expect.poll(() => panel.locator('[data-testid="reverted-badge"]').count()).toBe(3);
    // The chat is saved with the fixed editor event on every reverted answer.
    const stored = await driver.session(sessionId);
    expect(
      stored.turns
        .filter((turn) => turn['role'] === 'assistant')
        .map((turn) => turn['editorEvents']),
    ).toEqual([['reverted'], ['reverted'], ['reverted']]);
    await panel.close();
  });

  it('a manual edit in between stops the cascade and shows the partial progress', async () => {
    await setDoc(ORIGINAL);
    const sessionId = await newChat();
    await respond(sessionId, await model('edit-a'), 'Revise alpha.');
    await respond(sessionId, await model('edit-b'), 'Revise beta.');
    await setDoc(
      ((await getDoc()) ?? '').replace('= Introduction', '= Introduction (edited by hand)'),
    );
    await respond(sessionId, await model('edit-c'), 'Revise gamma.');
    const panel = await openPanel();
    await expect
      .poll(() => panel.locator('[data-testid="revert"]').count(), { timeout: 10_000 })
      .toBe(3);
    await panel.locator('[data-testid="revert"]').first().click();
    await panel.locator('[data-testid="revert-confirm-yes"]').click();
    await expect
      .poll(() => panel.locator('[data-testid="recovery-message"]').textContent(), {
        timeout: 15_000,
      })
      .toContain('(1 of 3 reverted)');
    const text = await getDoc();
    expect(text).toContain('(edited by hand)');
    expect(text).not.toContain('Gamma paragraph, revised');
    expect(text).toContain('Beta paragraph, revised');
    await expect.poll(() => panel.locator('[data-testid="reverted-badge"]').count()).toBe(1);
    await panel.close();
  });

  it('restores a chosen snapshot after a preview diff, keeping a Before restore copy', async () => {
    await setDoc(ORIGINAL);
    const sessionId = await newChat();
    await respond(sessionId, await model('answer'), 'Anything to change?');
    await setDoc(ORIGINAL.replace('Beta paragraph.', 'Beta paragraph, rewritten by hand.'));
    const panel = await openPanel();
    await panel.locator('[data-testid="snapshot-toggle"]').click();
    await panel.locator('[data-testid="snapshot-item"][data-kind="automatic"] button').click();
    await expect
      .poll(() => panel.locator('[data-testid="snapshot-diff"]').textContent(), { timeout: 10_000 })
      .toContain('Beta paragraph, rewritten by hand.');
    await panel.locator('[data-testid="snapshot-restore"]').click();
    await panel.locator('[data-testid="snapshot-confirm-yes"]').click();
    await expect.poll(() => getDoc(), { timeout: 10_000 }).toBe(ORIGINAL);
    await expect
      .poll(() => panel.locator('[data-testid="recovery-message"]').textContent())
      .toContain('Before restore');
    await panel.locator('[data-testid="snapshot-toggle"]').click();
    await expect
      .poll(() => panel.locator('[data-testid="snapshot-item"][data-kind="rescue"]').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    const stored = await driver.session(sessionId);
    expect(stored.turns.at(-1)?.['editorEvents']).toEqual(['snapshot-restored']);
    await panel.close();
  });
});

describe('worker stopped between the steps of a commit and of a revert', () => {
  type Harness = Record<string, (...args: unknown[]) => Promise<unknown>>;
  const call = async <T>(name: string, ...args: unknown[]): Promise<T> => {
    const worker = await harness.worker();
    return (await worker.evaluate(
      ([method, params]) =>
        (globalThis as never as { __recoveryHarness: Harness }).__recoveryHarness[
          method as string
        ]!(...(params as unknown[])),
      [name, args] as const,
    )) as T;
  };
  const install = async () => {
    const bundle = await build({
      stdin: { contents: HARNESS, resolveDir: REPO_ROOT, loader: 'ts' },
      bundle: true,
      format: 'iife',
      write: false,
      platform: 'browser',
    });
    await (await harness.worker()).evaluate(bundle.outputFiles[0]?.text ?? '');
  };
  /** Stops the worker, wakes a fresh instance and returns its startup reconciliation. */
  const restart = async () => {
    await harness.stopWorker();
    await driver.send({ type: 'system/ping', payload: {} });
    const worker = await harness.worker();
    return (await worker.evaluate(
      () =>
        (globalThis as { __sideAgentDiagnostics?: { recovery: Promise<unknown> } })
          .__sideAgentDiagnostics?.recovery,
    )) as { checkpointId: string; from: string; action: string; meta: { status: string } | null }[];
  };

  it.each([
    ['prepared, stopped before the page commit', 'rolled-back', false, null],
    ['prepared, stopped after the page commit', 'committed', true, 'applied'],
  ])('commit: %s -> %s', async (_label, action, landed, status) => {
    await setDoc(ORIGINAL);
    const sessionId = await newChat();
    await install();
    const staged = await call<{ checkpointId: string; changes: unknown }>(
      'stage',
      tabId,
      sessionId,
      `run-${action}`,
      'Alpha paragraph.',
      'Alpha, staged.',
    );
    if (landed) await call('commitPage', tabId, staged.changes);
    const outcomes = await restart();
    expect(outcomes.find((outcome) => outcome.checkpointId === staged.checkpointId)).toMatchObject({
      from: 'prepared',
      action,
      meta: status ? { status } : null,
    });
    expect(await getDoc()).toBe(
      landed ? ORIGINAL.replace('Alpha paragraph.', 'Alpha, staged.') : ORIGINAL,
    );
  });

  it.each([
    ['reverting, stopped before the page commit', 'back-to-applied', false, 'applied'],
    ['reverting, stopped after the page commit', 'reverted', true, 'reverted'],
  ])('revert: %s -> %s', async (_label, action, landed, status) => {
    await setDoc(ORIGINAL);
    const sessionId = await newChat();
    await install();
    const staged = await call<{ checkpointId: string; changes: unknown }>(
      'stage',
      tabId,
      sessionId,
      `run-r-${action}`,
      'Beta paragraph.',
      'Beta, applied.',
    );
    await call('commitPage', tabId, staged.changes);
    await call('commitJournal', staged.checkpointId, tabId);
    await call('beginRevert', staged.checkpointId);
    if (landed)
      expect(await call('revertPage', staged.checkpointId, tabId)).toBe('inverse-changes');
    const outcomes = await restart();
    expect(outcomes.find((outcome) => outcome.checkpointId === staged.checkpointId)).toMatchObject({
      from: 'reverting',
      action,
      meta: { status },
    });
    expect(await getDoc()).toBe(
      landed ? ORIGINAL : ORIGINAL.replace('Beta paragraph.', 'Beta, applied.'),
    );
  });
});
