// `/schedule <what and when>` through the built extension in real Chromium and the
// real panel. In Ask mode the command refuses and nothing reaches the model. In Act
// mode the person's words go to the agent as their message, the scheduling tools are
// offered for it, the scripted model proposes the task, the person approves the card,
// and the job is stored; `/schedule` alone then lists it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { panelRequest, panelWithModel, sendFromComposer } from '../support/panel-page';

const HOST = 'news.example';
const PAGE = `<!doctype html><title>News</title><h1>Morning headlines</h1>`;
const WORDS = 'every hour, read the headline of this page';

interface SentBody {
  messages?: { role: string; content: unknown }[];
  tools?: { function?: { name?: string } }[];
}

let pages: WebPages;
let browser: WebBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;

const toolNames = (body: SentBody) => (body.tools ?? []).map((tool) => tool.function?.name);
/** The run's own requests (a chat-naming call carries no tools). */
const runRequests = () =>
  models.requests.map((request) => request.body as SentBody).filter((body) => body.tools?.length);

beforeAll(async () => {
  pages = await startWebPages({ [HOST]: { '/': PAGE } });
  models = await startModelServer({
    scenario: {
      name: 'schedule-command',
      turns: [],
      policy: (body: SentBody) => {
        if (
          !toolNames(body).includes('schedule_task') ||
          body.messages?.some((m) => m.role === 'tool')
        )
          return { steps: [{ text: 'Scheduled it.' }] };
        return {
          steps: [
            {
              toolCall: {
                id: 'sched-1',
                name: 'schedule_task',
                arguments: {
                  title: 'Headline check',
                  prompt: 'Read the headline of this page.',
                  after_seconds: 3_600,
                  every_minutes: 60,
                },
              },
            },
          ],
        };
      },
    },
  });
  proxy = await startCorsProxy(models.port);
  browser = await launchWebBrowser(pages, { hostRules: ['EXCLUDE 127.0.0.1'] });
  const page = await browser.open(HOST);
  panel = await panelWithModel(browser, page, proxy.baseUrl, 'schedule-command');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await pages?.close();
});

/** Runs a command line and returns the note it shows once that note changes. */
async function command(text: string): Promise<string> {
  const note = panel.getByTestId('command-output-text');
  const before = (await note.count()) ? await note.textContent() : null;
  await sendFromComposer(panel, text);
  let output = '';
  await expect
    .poll(async () => {
      output = (await note.count()) ? ((await note.textContent()) ?? '') : '';
      return output !== '' && output !== before;
    })
    .toBe(true);
  return output;
}

describe('/schedule with words', () => {
  it('refuses in Ask mode and sends nothing', async () => {
    const said = await command(`/schedule ${WORDS}`);
    expect(said).toContain('Scheduling needs Act mode');
    expect(runRequests()).toEqual([]);
    expect(await panel.getByTestId('user-turn').count()).toBe(0);
  });

  it('in Act mode hands the words to the agent, which proposes the task for approval', async () => {
    expect(await command('/mode act')).toMatch(/Act/);
    await command(`/schedule ${WORDS}`);
    await expect
      .poll(() => panel.getByTestId('user-turn').last().textContent(), { timeout: 30_000 })
      .toContain(`Schedule this: ${WORDS}`);
    await expect
      .poll(() => panel.getByTestId('action-approval').count(), { timeout: 30_000 })
      .toBe(1);
    const first = runRequests()[0]!;
    expect(toolNames(first)).toContain('schedule_task');
    expect(JSON.stringify(first.messages?.filter((m) => m.role === 'user').at(-1))).toContain(
      `Schedule this: ${WORDS}`,
    );
    await panel.getByTestId('action-approval').getByTestId('approve-once').click();
    await expect
      .poll(
        async () => {
          const result = await panelRequest(panel, { type: 'jobs/list', payload: {} });
          return (result as unknown as { jobs: { title: string; status: string }[] }).jobs;
        },
        { timeout: 30_000 },
      )
      .toEqual([expect.objectContaining({ title: 'Headline check', status: 'pending' })]);
    expect(await panel.getByTestId('composer-input').inputValue()).toBe('');
    expect(await command('/schedule')).toMatch(/^One scheduled task: “Headline check”/);
  });
});
