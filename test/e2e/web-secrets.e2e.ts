// Secrets in real Chromium through the real panel: a local sign-in page holds a filled
// password (typed in by the page after load, as a password manager would) and an API
// key in a settings field. A scripted model, asked from the composer, reads the page
// with every read tool that sees fields (the tree, extracted forms, the page text, the
// selection); then the chats are exported through Settings → Sessions. Every request
// body the model server received and the exported file are scanned: neither the
// password nor the key is in any of them. With strict secret mode turned on in
// Settings → Agent, a card number the page prints split over four spans and an API key
// in the page text reach the model only as markers, and the panel masks a key the
// model quotes in its answer. In Act, a password the model types into the password
// field is kept in the stored chat, and so in the export, only as a marker.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activateModel, sendFromComposer } from '../support/panel-page';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'forge.example';
const PASSWORD = 'correct-Horse-battery-9';
const ATTRIBUTE_PASSWORD = 'hunter2-Attribute-77';
const FIELD_KEY = 'sk-proj-FieldKeyAbCdEfGhIjKlMnOpQrSt0123';
const TEXT_KEY = 'ghp_PageTextKey0123456789abcdefghijklmnop';
const ANSWER_KEY = 'sk-proj-AnswerKeyZyXwVuTsRqPoNmLkJi9876';
const CARD = '4111 1111 1111 1111';
const TYPED_PASSWORD = 'Typed-by-the-model-42';

const PAGE = `<!doctype html><html lang="en"><title>Sign in to Forge</title>
<main>
  <h1>Sign in to Forge</h1>
  <form action="/session" method="post">
    <label for="login">Username or email address</label>
    <input id="login" name="login" autocomplete="username" value="ana.lima@example.org">
    <label for="password">Password</label>
    <input id="password" type="password" name="password" autocomplete="current-password" value="${ATTRIBUTE_PASSWORD}">
    <button type="submit">Sign in</button>
  </form>
  <form action="/settings/keys" method="post">
    <label for="key">OpenAI API key</label>
    <input id="key" name="apiKey" value="${FIELD_KEY}">
    <button type="submit">Save key</button>
  </form>
  <p>Card on file: <span>4111</span> <span>1111</span> <span>1111</span> <span>1111</span></p>
  <p>CI credential <code>${TEXT_KEY}</code></p>
</main>
<script>
  const field = document.getElementById('password');
  field.value = '${PASSWORD}';
  field.focus();
  field.select();
</script>`;

interface SentBody {
  messages?: { role: string; content?: unknown }[];
  tools?: unknown[];
}

/** The calls the model makes for each request from the person, in order. */
const PLANS: Record<string, { name: string; arguments: Record<string, unknown> }[]> = {
  'Read the sign-in page': [
    { name: 'get_accessibility_tree', arguments: { filter: 'all' } },
    { name: 'extract_data', arguments: { kind: ['forms'] } },
    { name: 'read_page', arguments: {} },
    { name: 'get_selection', arguments: {} },
  ],
  'Strict check': [{ name: 'get_accessibility_tree', arguments: { filter: 'all' } }],
  'Type check': [
    { name: 'get_accessibility_tree', arguments: { filter: 'all' } },
    { name: 'type', arguments: { ref: 'PASSWORD_REF', text: TYPED_PASSWORD, clear: true } },
  ],
};
const ANSWERS: Record<string, string> = {
  'Read the sign-in page': 'The page is a sign-in form.',
  'Strict check': `The page mentions ${ANSWER_KEY} somewhere.`,
  'Type check': 'Typed the password.',
};

/** The password field's ref in the tree the run read last. */
function passwordRef(messages: SentBody['messages']): string {
  const tree = textOf(
    [...(messages ?? [])].reverse().find((message) => message.role === 'tool')?.content,
  );
  return /textbox \\"Password\\" \[(e\d+)\]/.exec(tree)?.[1] ?? 'e0';
}

const textOf = (content: unknown) =>
  typeof content === 'string' ? content : JSON.stringify(content);

function policy(body: SentBody) {
  const messages = body.messages ?? [];
  if ((body.tools ?? []).length === 0) return { steps: [{ text: 'Forge sign-in' }] };
  const lastUser = messages.map((message) => message.role).lastIndexOf('user');
  const person = textOf(messages[lastUser]?.content);
  const phase = Object.keys(PLANS).find((key) => person.includes(key)) ?? '';
  const done = messages.slice(lastUser).filter((message) => message.role === 'tool').length;
  const call = PLANS[phase]?.[done];
  if (!call) return { steps: [{ text: ANSWERS[phase] ?? 'Nothing to do.' }] };
  const args =
    call.arguments['ref'] === 'PASSWORD_REF'
      ? { ...call.arguments, ref: passwordRef(messages) }
      : call.arguments;
  return {
    steps: [{ toolCall: { id: `${phase.length}-${done}`, name: call.name, arguments: args } }],
  };
}

let rig: WebRunRig;
let panel: Page;

const bodies = () => rig.models.requests.map((request) => JSON.stringify(request.body));
const toolMessages = (from: number) =>
  rig.models.requests
    .slice(from)
    .flatMap((request) => (request.body as SentBody).messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => textOf(message.content));

async function answered(count: number): Promise<void> {
  const turns = panel.getByTestId('assistant-turn');
  await expect.poll(() => turns.count(), { timeout: 60_000 }).toBe(count);
  await expect
    .poll(() => turns.last().getAttribute('data-status'), { timeout: 60_000 })
    .toBe('complete');
}

async function openSettingsTab(name: string) {
  if ((await panel.getByRole('tablist', { name: 'Settings sections' }).count()) === 0)
    await panel.getByTestId('settings-toggle').click();
  await panel.getByRole('tab', { name, exact: true }).click();
  return panel.getByRole('tabpanel');
}

async function exportChats(): Promise<string> {
  const sessions = await openSettingsTab('Sessions');
  const downloading = panel.waitForEvent('download');
  await sessions.getByTestId('export-chats').click();
  const download = await downloading;
  const json = readFileSync((await download.path())!, 'utf8');
  await panel.getByTestId('settings-toggle').click();
  return json;
}

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
  panel = rig.panel;
  await rig.models.setScenario({ name: 'secrets', models: ['scripted-model'], turns: [], policy });
  await activateModel(panel, rig.modelId);
  await panel.reload();
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

describe('secrets on a sign-in page', () => {
  it('never sends the filled password or the API key field to the model, nor exports them', async () => {
    // The page really holds them: the scan below would otherwise prove nothing.
    expect(
      await rig.tab.evaluate(() => (document.getElementById('password') as HTMLInputElement).value),
    ).toBe(PASSWORD);
    const start = rig.models.requests.length;
    await sendFromComposer(panel, 'Read the sign-in page and tell me what it is.');
    await answered(1);

    const results = toolMessages(start);
    // Every read ran and saw the fields, as withheld ones.
    expect(results.some((text) => text.includes('secret filled'))).toBe(true);
    expect(results.some((text) => text.includes('"withheld":"password"'))).toBe(true);
    expect(results.some((text) => text.includes('"withheld":"api-key"'))).toBe(true);
    expect(results.some((text) => text.includes('ana.lima@example.org'))).toBe(true);
    expect(results.length).toBeGreaterThanOrEqual(4);

    const exported = await exportChats();
    expect(exported).toContain('sign-in form');
    const scanned = [...bodies(), exported];
    expect(scanned.length).toBeGreaterThan(5);
    for (const text of scanned)
      for (const secret of [PASSWORD, ATTRIBUTE_PASSWORD, FIELD_KEY])
        expect(text).not.toContain(secret);
  });

  it('in strict secret mode sends page-text secrets, even split over spans, only as markers, and the panel masks them', async () => {
    const agent = await openSettingsTab('Agent');
    await agent.getByTestId('strict-secret-mode-setting').check();
    await agent.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => agent.getByRole('status').textContent()).toBe('Saved.');
    await panel.getByTestId('settings-toggle').click();

    const start = rig.models.requests.length;
    await sendFromComposer(panel, 'Strict check: what does the page show?');
    await answered(2);

    const tree = toolMessages(start).join('\n');
    expect(tree).toContain('[secret withheld: card-number]');
    expect(tree).toContain('[secret withheld: api-key]');
    for (const text of bodies().slice(start))
      for (const secret of [CARD, TEXT_KEY, PASSWORD, FIELD_KEY])
        expect(text).not.toContain(secret);

    const answer = panel.getByTestId('assistant-turn').last();
    await expect.poll(() => answer.textContent()).toContain('[secret withheld: api-key]');
    expect(await answer.textContent()).not.toContain(ANSWER_KEY);
    expect(await panel.content()).not.toContain(ANSWER_KEY);
  });

  it('keeps a password the model typed in Act out of the stored chat and the export', async () => {
    const agent = await openSettingsTab('Agent');
    await agent.getByTestId('plan-review-setting').selectOption('off');
    await agent.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => agent.getByRole('status').textContent()).toBe('Saved.');
    await panel.getByTestId('settings-toggle').click();
    const input = panel.getByTestId('composer-input');
    await input.fill('/mode act');
    await input.press('Enter');
    await expect
      .poll(() => panel.getByTestId('command-output-text').textContent())
      .toMatch(/^Mode: Act/);

    await sendFromComposer(panel, 'Type check: put my new password in.');
    const turns = panel.getByTestId('assistant-turn');
    await expect.poll(() => turns.count(), { timeout: 60_000 }).toBe(3);
    // The page may ask before typing into a sign-in form; the person approves.
    await expect
      .poll(
        async () => {
          const approve = panel.getByTestId('approve-once');
          if ((await approve.count()) > 0) await approve.first().click();
          return turns.last().getAttribute('data-status');
        },
        { timeout: 60_000 },
      )
      .toBe('complete');
    expect(
      await rig.tab.evaluate(() => (document.getElementById('password') as HTMLInputElement).value),
    ).toBe(TYPED_PASSWORD);

    const exported = await exportChats();
    expect(exported).toContain('[secret withheld: field value]');
    expect(exported).not.toContain(TYPED_PASSWORD);
  });
});
