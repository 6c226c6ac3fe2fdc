// Export, then import into a fresh profile, reproduces the chats without secrets,
// in real Chromium: profile A makes real chat content through the worker
// protocol (a model with an API key, two chats in one typst project, a rename, user
// turns, and one scripted run in Auto mode whose replace_lines edit leaves a revert
// receipt), exports through the real Settings → Sessions UI, and closes. Profile B
// is a new browser with a fresh user-data dir: it imports the file through the same
// UI and must show the same chats, names and turns in order, no model (no secret
// travelled), and the receipt as unavailable.
// ## Why a CORS proxy
// Optional host access cannot be granted in headless Chromium without a prompt;
// the proxy answers CORS like a browser-friendly gateway (see panel-settings.e2e.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../support/extension-browser';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { codemirrorBundle, editorPageHtml } from '../support/fixture-pages';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { collectPanelEvents } from '../support/run-driver';
import { bridgeConnected } from '../support/panel-page';

const SECRET = 'sk-transfer-secret-1234';
const PROJECT = 'transfer';
const SCOPE = { siteId: 'typst', projectId: PROJECT } as const;
const TEXT = '= Notes\n\nfirst line\nsecond line\n';
const EDIT_MODEL = 'transfer-edit';

interface Envelope {
  ok: boolean;
  data?: any;
  error?: { code: string; message: string };
}
interface Meta {
  id: string;
  name: string;
  turnCount: number;
  userRenamed: boolean;
}
interface Turn {
  role: 'user' | 'assistant';
  text?: string;
  status?: string;
  segments?: {
    kind: string;
    text?: string;
    calls?: { name: string; receipt?: { status: string; unavailableReason?: string } }[];
  }[];
}

let site: HttpsSite;
let models: ModelServer;
let proxy: CorsProxy;
let profileA: ExtensionBrowser | undefined;
let profileB: ExtensionBrowser | undefined;
let counter = 0;

function request(
  panel: Page,
  type: string,
  payload: unknown,
  extra: Record<string, unknown> = {},
): Promise<Envelope> {
  counter += 1;
  return panel.evaluate((envelope) => chrome.runtime.sendMessage(envelope), {
    type,
    requestId: `req-${counter}`,
    payload,
    ...extra,
  }) as Promise<Envelope>;
}
async function must(
  panel: Page,
  type: string,
  payload: unknown,
  extra: Record<string, unknown> = {},
): Promise<any> {
  const result = await request(panel, type, payload, extra);
  if (!result.ok) throw new Error(`${type}: ${result.error?.code} ${result.error?.message}`);
  return result.data;
}

const userTurn = (id: string, text: string) => ({
  id,
  role: 'user',
  createdAt: Date.now(),
  text,
  file: null,
  attachments: [],
});

/** A typst.app project tab with the CodeMirror fixture, and the panel page serving it. */
async function openProject(
  harness: ExtensionBrowser,
): Promise<{ page: Page; panel: Page; tabId: number }> {
  const page = await harness.context.newPage();
  await page.goto(`https://typst.app/project/${PROJECT}`);
  await bridgeConnected(page, 10_000);
  const tabId = await harness.tabIdOf(page);
  const panel = await harness.openPanelTab(tabId);
  return { page, panel, tabId };
}

async function openSessionsSettings(panel: Page) {
  if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
    await panel.getByTestId('settings-toggle').click();
  await panel.getByRole('tab', { name: 'Sessions', exact: true }).click();
  return panel.getByRole('tabpanel');
}

/** Every object key anywhere in a parsed JSON value. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.push(key);
      keysOf(inner, into);
    }
  return into;
}

/** Names, turn roles and texts in order: what must survive the transfer. */
async function transcript(
  panel: Page,
): Promise<{ name: string; turns: string[]; receipts: string[] }[]> {
  // The panel shell opens (or creates) its own empty "New chat" in each profile; only ours are compared.
  const listed = ((await must(panel, 'session/list', { scope: SCOPE })) as Meta[]).filter((meta) =>
    meta.name.startsWith('Transfer: '),
  );
  const chats = [];
  for (const meta of listed) {
    const { turns } = (await must(panel, 'session/get', { sessionId: meta.id })) as {
      turns: Turn[];
    };
    chats.push({
      name: meta.name,
      turns: turns.map((turn) =>
        turn.role === 'user'
          ? `user: ${turn.text}`
          : `assistant(${turn.status}): ${(turn.segments ?? []).map((segment) => (segment.kind === 'tools' ? `[${segment.calls?.map((call) => call.name).join(',')}]` : segment.kind === 'text' ? segment.text : '')).join('|')}`,
      ),
      receipts: turns.flatMap((turn) =>
        (turn.segments ?? []).flatMap((segment) =>
          (segment.calls ?? []).flatMap((call) => (call.receipt ? [call.receipt.status] : [])),
        ),
      ),
    });
  }
  return chats.sort((left, right) => left.name.localeCompare(right.name));
}

beforeAll(async () => {
  const script = await codemirrorBundle();
  site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    if (url.pathname.startsWith('/project/'))
      return {
        type: 'text/html',
        body: editorPageHtml({ project: 'Transfer', path: 'notes.typ', text: TEXT }),
      };
    return undefined;
  });
  models = await startModelServer({
    scenario: 'basic-tool-loop',
    scenarios: [
      {
        name: EDIT_MODEL,
        turns: [
          {
            steps: [
              { text: 'Reading first.' },
              { toolCall: { id: 'call_read', name: 'read_document', arguments: {} } },
            ],
          },
          {
            steps: [
              { text: 'Fixing line 3.' },
              {
                toolCall: {
                  id: 'call_fix',
                  name: 'replace_lines',
                  arguments: { start_line: 3, end_line: 3, new_content: 'first line, edited' },
                },
              },
            ],
          },
          { steps: [{ text: 'Done: line 3 edited.' }] },
        ],
      },
    ],
  });
  proxy = await startCorsProxy(models.port);
}, 30_000);

afterAll(async () => {
  await profileA?.close();
  await profileB?.close();
  await proxy?.close();
  await models?.close();
  await site?.close();
});

describe('chat export from one profile and import into a fresh one', () => {
  let exported = '';
  let chatsInA = 0;
  let before: Awaited<ReturnType<typeof transcript>> = [];

  it('profile A: makes two chats (one with an edit receipt) and exports them through Settings → Sessions', async () => {
    profileA = await launchExtensionBrowser({
      typstPort: site.port,
      hostRules: ['EXCLUDE 127.0.0.1'],
    });
    await profileA.waitForStartup();
    const { page, panel, tabId } = await openProject(profileA);
    await collectPanelEvents(panel);

    const view = await must(panel, 'settings/save-model', {
      model: {
        name: 'Transfer model',
        kind: 'openai-compatible',
        baseUrl: proxy.baseUrl,
        modelId: EDIT_MODEL,
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 128_000,
        insecureOriginAcknowledged: null,
        apiKey: SECRET,
      },
    });
    const model = (view.models as { id: string; hasApiKey: boolean; apiKeyHint: string }[])[0]!;
    expect(model).toMatchObject({ hasApiKey: true });
    const hint = model.apiKeyHint;
    expect(SECRET.endsWith(hint.replace(/\W/g, ''))).toBe(true);

    // Chat 1: created, renamed, two user turns.
    const first = (await must(panel, 'session/create', { scope: SCOPE })) as Meta;
    await must(panel, 'session/rename', { sessionId: first.id, name: 'Transfer: outline' });
    await must(panel, 'session/append-user-turn', {
      sessionId: first.id,
      turn: userTurn('u-outline-1', 'Draft an outline for the notes.'),
    });
    await must(panel, 'session/append-user-turn', {
      sessionId: first.id,
      turn: userTurn('u-outline-2', 'Add a section on <b>methods</b> & results.'),
    });

    // Chat 2: named at creation; one Auto-mode run edits the document (a receipt).
    const second = (await must(panel, 'session/create', {
      scope: SCOPE,
      name: 'Transfer: edit',
    })) as Meta;
    const runId = 'run-transfer-1';
    const identity = { tabId, scope: SCOPE, sessionId: second.id };
    await must(panel, 'run/reserve', identity, { runId });
    await must(panel, 'session/append-user-turn', {
      sessionId: second.id,
      turn: userTurn('u-edit-1', 'Edit line 3.'),
    });
    await must(
      panel,
      'run/start',
      {
        ...identity,
        userTurnId: 'u-edit-1',
        modelId: model.id,
        editMode: 'auto',
        file: null,
        selection: null,
        attachments: [],
        attachmentRecords: [],
      },
      { runId },
    );
    await expect
      .poll(
        () =>
          panel.evaluate(() =>
            (
              globalThis as unknown as { __runEvents: { type: string; runId?: string }[] }
            ).__runEvents.some((event) => event.type === 'run/end'),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    const end = await panel.evaluate(
      (id) =>
        (
          globalThis as unknown as {
            __runEvents: { type: string; runId?: string; payload: unknown }[];
          }
        ).__runEvents.find((event) => event.type === 'run/end' && event.runId === id),
      runId,
    );
    expect(JSON.stringify(end)).toContain('"status":"done"');
    expect(await page.evaluate(() => window.__fixture.getText())).toBe(
      '= Notes\n\nfirst line, edited\nsecond line\n',
    );
    // The key went out as the Authorization header, so the secret was really in use.
    expect(models.requests.at(-1)?.headers['authorization']).toBe(`Bearer ${SECRET}`);

    before = await transcript(panel);
    expect(before.map((chat) => chat.name)).toEqual(['Transfer: edit', 'Transfer: outline']);
    expect(before[1]!.turns).toEqual([
      'user: Draft an outline for the notes.',
      'user: Add a section on <b>methods</b> & results.',
    ]);
    expect(before[0]!.turns[0]).toBe('user: Edit line 3.');
    expect(before[0]!.turns[1]).toMatch(
      /^assistant\(complete\): .*\[replace_lines\].*Done: line 3 edited\.$/,
    );
    expect(before[0]!.receipts).toEqual(['applied']);

    const sessions = await openSessionsSettings(panel);
    await expect.poll(() => sessions.getByTestId('project-group').count()).toBe(1);
    const downloading = panel.waitForEvent('download');
    await sessions.getByTestId('export-chats').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^side-agent-chats-.+\.json$/);
    exported = readFileSync((await download.path())!, 'utf8');

    // No secret, hint, model, header or trust data in the file.
    expect(exported).not.toContain(SECRET);
    expect(exported).not.toContain('sk-transfer');
    // The hint is the key's last four digits; as a bare substring it could match a timestamp, so look for it as a value.
    expect(exported).not.toContain(`"${hint}"`);
    expect(exported).not.toMatch(new RegExp(`[•*]+ ?${hint}`));
    expect(exported).not.toContain(proxy.baseUrl);
    expect(exported).not.toContain('Bearer');
    const parsed = JSON.parse(exported) as unknown;
    expect(parsed).toMatchObject({ version: expect.any(Number) });
    const keys = keysOf(parsed);
    expect(
      keys.filter((key) =>
        /api.?key|hint|header|authori[sz]ation|trust|models?$|baseUrl|snapshot|checkpointData|before|copy/i.test(
          key,
        ),
      ),
    ).toEqual([]);
    expect(exported).toContain('Transfer: outline');
    expect(exported).toContain('Transfer: edit');
    chatsInA = ((await must(panel, 'session/list', { scope: SCOPE })) as Meta[]).length;

    await profileA.close();
    profileA = undefined;
  }, 60_000);

  it('profile B: a fresh browser imports the file through Settings → Sessions and shows the same chats, no secrets', async () => {
    expect(exported).not.toBe('');
    profileB = await launchExtensionBrowser({
      typstPort: site.port,
      hostRules: ['EXCLUDE 127.0.0.1'],
    });
    await profileB.waitForStartup();
    const { panel } = await openProject(profileB);
    // A fresh profile: none of A's chats and no models yet.
    expect(await transcript(panel)).toEqual([]);
    expect((await must(panel, 'settings/get', {})).models).toEqual([]);

    const sessions = await openSessionsSettings(panel);
    await sessions.getByTestId('import-file').setInputFiles({
      name: 'chats.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    await expect
      .poll(() => sessions.getByTestId('import-report').textContent(), { timeout: 10_000 })
      .toMatch(new RegExp(`^Imported ${chatsInA} chats; rejected 0\\.`));

    const after = await transcript(panel);
    expect(after.map((chat) => chat.name)).toEqual(before.map((chat) => chat.name));
    expect(after.map((chat) => chat.turns)).toEqual(before.map((chat) => chat.turns));
    // The imported receipt has no document copy behind it: unavailable, with a reason.
    expect(after[0]!.receipts).toEqual(['unavailable']);
    const listed = (await must(panel, 'session/list', { scope: SCOPE })) as Meta[];
    const edited = listed.find((meta) => meta.name === 'Transfer: edit')!;
    const { turns } = (await must(panel, 'session/get', { sessionId: edited.id })) as {
      turns: Turn[];
    };
    const receipt = turns
      .flatMap((turn) => turn.segments ?? [])
      .flatMap((segment) => segment.calls ?? [])
      .find((call) => call.receipt)?.receipt;
    expect(receipt?.unavailableReason ?? '').not.toBe('');
    expect(listed.find((meta) => meta.name === 'Transfer: outline')).toMatchObject({
      userRenamed: true,
      turnCount: 2,
    });

    // No model, key or hint reached profile B, in the view or in storage.
    const settings = await must(panel, 'settings/get', {});
    expect(settings.models).toEqual([]);
    expect(settings.general.activeModelId).toBeNull();
    const stored = await (await profileB.worker()).evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).not.toContain('sk-transfer');
    expect(await panel.content()).not.toContain('sk-transfer');
  }, 40_000);
});
