// Structured results through the built extension in real Chromium and the real panel:
// the person types `/json [name, price:number]`, the format waits as a chip, goes
// with the next message, and the run is offered done_json instead of done. The
// scripted model first hands back a price as text and gets the issue with its path;
// then right data, which the panel shows as a JSON block that a reload keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ModelServer } from '../support/model-server/model-server.mjs';
import type { CorsProxy } from '../support/cors-proxy';
import type { WebBrowser } from '../support/web-browser';
import { startWebStack, type WebStack } from '../support/web-stack';
import { panelWithModel, sendFromComposer } from '../support/panel-page';

const HOST = 'shop.example';
const PAGE = `<!doctype html><title>Kettles</title><h1>Kettles</h1><p>Steel kettle, 24.50</p>`;

interface SentBody {
  messages?: { role: string; content: unknown }[];
  tools?: { function?: { name?: string } }[];
}

const WRONG = [{ name: 'Steel kettle', price: '24.50' }];
const RIGHT = [{ name: 'Steel kettle', price: 24.5 }];

let stack: WebStack;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;

const toolNames = (body: SentBody) => (body.tools ?? []).map((tool) => tool.function?.name);
const runRequests = () =>
  models.requests.map((request) => request.body as SentBody).filter((body) => body.tools?.length);
const toolMessages = (body: SentBody) => (body.messages ?? []).filter((m) => m.role === 'tool');

const finish = (id: string, data: unknown) => ({
  steps: [
    {
      toolCall: {
        id,
        name: 'done_json',
        arguments: { summary: 'Listed the kettles.', outcome: 'success', data },
      },
    },
  ],
});

beforeAll(async () => {
  stack = await startWebStack(
    { [HOST]: { '/': PAGE } },
    {
      models: {
        scenario: {
          name: 'json-result',
          turns: [],
          policy: (body: SentBody) => {
            if (!toolNames(body).includes('done_json'))
              return { steps: [{ text: 'Plain answer.' }] };
            const answered = toolMessages(body).length;
            if (answered === 0) return finish('json-1', WRONG);
            if (answered === 1) return finish('json-2', RIGHT);
            return { steps: [{ text: 'Here is the one kettle on the page.' }] };
          },
        },
      },
    },
  );
  ({ models, proxy, browser } = stack);
  const page = await browser.open(HOST);
  panel = await panelWithModel(browser, page, proxy.baseUrl, 'json-result');
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('/json', () => {
  it('refuses a wrong format in words and sets nothing', async () => {
    await sendFromComposer(panel, '/json price:money');
    await expect
      .poll(() => panel.getByTestId('command-output-text').textContent())
      .toContain('is not a type');
    expect(await panel.getByTestId('result-format-chip').count()).toBe(0);
  });

  it('sends the format with the next message, sends wrong data back, and shows the right data', async () => {
    await sendFromComposer(panel, '/json [name, price:number]');
    await expect
      .poll(() => panel.getByTestId('result-format-chip').textContent())
      .toContain('a list of {name, price: number}');
    await sendFromComposer(panel, 'List the kettles on this page.');
    const block = panel.getByTestId('result-block');
    await expect.poll(() => block.count(), { timeout: 30_000 }).toBe(1);
    expect(JSON.parse((await block.locator('code').textContent()) ?? '')).toEqual(RIGHT);
    expect(await block.textContent()).toContain('1 item');
    expect(await panel.getByTestId('result-format-chip').count()).toBe(0);
    // The /json note spoke of the message to come; once sent it goes.
    expect(await panel.getByTestId('command-output-text').count()).toBe(0);
    expect(await panel.getByTestId('user-result-format').textContent()).toContain('price: number');

    const [first, second] = runRequests();
    expect(toolNames(first!)).toContain('done_json');
    expect(toolNames(first!)).not.toContain('done');
    const asked = JSON.stringify(first!.messages?.filter((m) => m.role === 'user').at(-1));
    expect(asked).toContain('done_json');
    expect(asked).toContain('additionalProperties');
    const refusal = JSON.stringify(toolMessages(second!)[0]);
    expect(refusal).toContain('RESULT_INVALID');
    expect(refusal).toContain('$[0].price');
  });

  it('keeps the data with the answer after a reload, and the next message is plain again', async () => {
    await panel.reload();
    const block = panel.getByTestId('result-block');
    await expect.poll(() => block.count(), { timeout: 15_000 }).toBe(1);
    expect(JSON.parse((await block.locator('code').textContent()) ?? '')).toEqual(RIGHT);
    const before = runRequests().length;
    await sendFromComposer(panel, 'Thanks, which one is cheapest?');
    await expect.poll(() => runRequests().length, { timeout: 30_000 }).toBeGreaterThan(before);
    const next = runRequests()[before]!;
    expect(toolNames(next)).not.toContain('done_json');
    // The earlier data is replayed to the model as a labelled record.
    expect(JSON.stringify(next.messages)).toContain('JSON data your previous response returned');
  });
});
