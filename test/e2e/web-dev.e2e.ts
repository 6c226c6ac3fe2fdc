// Dev mode's tools through the built extension in real Chromium, through real runs
// of a scripted model: read_page_source masks the hidden form token and the typed
// password; inspect_element_styles reports the computed colour, box and matching
// rules of a button by its tree ref; execute_js always shows an approval card with
// the exact code: approved, it runs in the page's own world even though the page's
// Content-Security-Policy forbids scripts and eval; denied, nothing runs. In Ask
// mode the same call is refused before any card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runTools, type ToolResult } from '../support/tool-runs';
import { refIn, startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'tools.example';
const TOKEN = 'csrf-7f3a9c-SECRET';
const PAGE = `<!doctype html><html><head><title>Build dashboard</title>
<meta http-equiv="Content-Security-Policy" content="script-src 'none'">
<style>
  .primary { color: rgb(255, 255, 255); background-color: rgb(23, 112, 124); padding: 6px 12px; }
  @media (min-width: 1px) { button.primary { margin-top: 2px; } }
</style></head><body>
<h1>Builds</h1>
<form action="/deploy" method="post">
  <input type="hidden" name="token" value="${TOKEN}">
  <label>Password <input type="password" name="pw" value="hunter2-typed"></label>
  <label>Branch <input name="branch" value="main"></label>
  <button class="primary">Deploy</button>
</form>
</body></html>`;

let rig: WebRunRig;
let tab: Page;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
  tab = rig.tab;
});

afterAll(async () => {
  await rig?.close();
});

const runContext = () => ({ driver: rig.driver, models: rig.models, modelId: rig.modelId });

const content = (result: ToolResult) =>
  (result as { result?: { untrusted_page_content?: { content?: Record<string, unknown> } } }).result
    ?.untrusted_page_content?.content ?? {};

describe('Dev mode tools', () => {
  it('reads the page source with secrets masked, and inspects a button by its ref', async () => {
    const context = runContext();
    const look = await runTools(context, [{ name: 'get_accessibility_tree', arguments: {} }], {
      agentMode: 'dev',
    });
    const deploy = refIn(String(content(look.results[0]!)['tree'] ?? ''), 'button', 'Deploy');
    const outcome = await runTools(
      context,
      [
        { name: 'read_page_source', arguments: {} },
        {
          name: 'inspect_element_styles',
          arguments: { ref: deploy, properties: ['color', 'background-color', 'padding-left'] },
        },
      ],
      // The styles tool is offered when the person's words are about styles.
      { agentMode: 'dev', prompt: 'Why is the Deploy button styled this way?' },
    );
    const [source, styles] = outcome.results;
    expect(source).toMatchObject({ ok: true, result: { page: 1, pages: 1, masked_values: 2 } });
    const html = String(content(source!)['html']);
    expect(html).toContain('<h1>Builds</h1>');
    expect(html).toContain('value="main"');
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain('hunter2-typed');
    expect(styles).toMatchObject({ ok: true });
    const inspected = content(styles!) as {
      computed: Record<string, string>;
      rules: { selector: string }[];
      box: { padding: { left: number } };
    };
    expect(inspected.computed).toEqual({
      color: 'rgb(255, 255, 255)',
      'background-color': 'rgb(23, 112, 124)',
      'padding-left': '12px',
    });
    expect(inspected.rules.map((rule) => rule.selector)).toEqual(['.primary', 'button.primary']);
    expect(inspected.box.padding.left).toBe(12);
  });

  it('asks before every script with its exact code; approved it runs in the page despite its CSP, denied nothing runs', async () => {
    const context = runContext();
    const cards: Record<string, unknown>[] = [];
    const code = "document.body.dataset.touched = 'yes';\ndocument.title";
    const outcome = await runTools(
      context,
      [
        {
          name: 'execute_js',
          arguments: { code },
          onPending: async (pending) => (cards.push(pending), 'approve-once'),
        },
        {
          name: 'execute_js',
          arguments: { code: "document.body.dataset.denied = 'ran'" },
          onPending: async (pending) => (cards.push(pending), 'deny'),
        },
      ],
      { agentMode: 'dev' },
    );
    expect(cards).toMatchObject([
      {
        kind: 'action-approval',
        name: 'execute_js',
        effect: `Run a script on ${HOST}: document.body.dataset.touched = 'yes';`,
        detail: code,
        allowRun: false,
      },
      { kind: 'action-approval', detail: "document.body.dataset.denied = 'ran'" },
    ]);
    expect(outcome.results[0]).toMatchObject({ ok: true });
    expect(content(outcome.results[0]!)['value']).toBe('"Build dashboard"');
    expect(outcome.results[1]).toMatchObject({ ok: false, code: 'TOOL_DENIED' });
    expect(await tab.evaluate(() => document.body.dataset['touched'])).toBe('yes');
    expect(await tab.evaluate(() => document.body.dataset['denied'])).toBeUndefined();
  });

  it('refuses a script in Ask mode without asking, and the page is untouched', async () => {
    const cards: Record<string, unknown>[] = [];
    const outcome = await runTools(
      runContext(),
      [
        {
          name: 'execute_js',
          arguments: { code: "document.body.dataset.ask = 'ran'" },
          onPending: async (pending) => (cards.push(pending), 'approve-once'),
        },
      ],
      { agentMode: 'ask' },
    );
    expect(outcome.results[0]).toMatchObject({ ok: false, code: 'TOOL_NOT_IN_MODE' });
    expect(cards).toEqual([]);
    expect(await tab.evaluate(() => document.body.dataset['ask'])).toBeUndefined();
  });
});
