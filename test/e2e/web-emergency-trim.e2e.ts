// A local model server with a small context window, in real Chromium through the real
// panel: after three page reads the conversation is too long for it and it answers
// 400 "maximum context length". The run keeps the person's request and the latest
// steps with each result cut short, tells the person so, tries once more, and the
// answer arrives in the same chat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPanelEvents } from '../support/run-driver';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'longread.example';
const PARAGRAPH = 'The harbour master logs every ship that enters the bay before noon. ';
const PAGE = `<!doctype html><title>Harbour log</title><h1>Harbour log</h1>${Array.from(
  { length: 120 },
  (_, index) => `<p>Entry ${index}: ${PARAGRAPH.repeat(2)}</p>`,
).join('')}`;
const TASK = 'Read the harbour log three times and tell me what it is about.';
// Three page reads fit under this many request characters, four do not.
const WINDOW_CHARS = 62_000;

let rig: WebRunRig;
const refused: number[] = [];

type Body = { messages?: { role: string }[] };

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
}, 120_000);

afterAll(async () => rig?.close());

describe('a provider that says the conversation is too long', () => {
  it('is asked once more with the request and the latest steps, and the person is told', async () => {
    await rig.models.setScenario({
      name: 'small-window',
      models: ['scripted-model'],
      turns: [],
      policy: (body: Body, { turnIndex }: { turnIndex: number }) => {
        const size = JSON.stringify(body.messages).length;
        if (size > WINDOW_CHARS && refused.length === 0) {
          refused.push(size);
          return {
            http: {
              status: 400,
              body: {
                error: {
                  message: `This model's maximum context length is 8192 tokens. However, your messages resulted in ${Math.round(size / 4)} tokens.`,
                  type: 'invalid_request_error',
                  code: 'context_length_exceeded',
                },
              },
            },
          };
        }
        const reads = (body.messages ?? []).filter((message) => message.role === 'tool').length;
        if (reads < 4 && refused.length === 0)
          return {
            steps: [
              {
                toolCall: {
                  id: `read-${turnIndex}`,
                  name: 'read_page',
                  arguments: { max_chars: 20_000 },
                },
              },
            ],
          };
        return {
          firstByteDelayMs: 1_500,
          steps: [{ text: 'It is a log of ships entering the bay before noon.' }],
        };
      },
    });
    const { panel } = rig;
    await panel.reload();
    await collectPanelEvents(panel);
    const before = rig.models.requests.length;
    await panel.getByTestId('composer-input').fill(TASK);
    await panel.getByTestId('composer-input').press('Enter');
    const notice = panel.locator('[data-testid="run-notice"][data-code="CONTEXT_EMERGENCY_TRIM"]');
    await notice.waitFor({ timeout: 45_000 });
    expect(await notice.textContent()).toMatch(
      /^The model said this conversation is too long for it, so Side Agent kept your request and the latest steps \(set aside \d+ earlier messages?, shortened \d+ step results?\) and tried again\./,
    );
    await expect
      .poll(() => panel.getByTestId('assistant-turn').last().textContent(), { timeout: 30_000 })
      .toContain('It is a log of ships entering the bay before noon.');
    const answer = panel.getByTestId('assistant-turn').last();
    expect(await answer.getByTestId('error').count()).toBe(0);
    // Told once more with the stored answer, after the run ended.
    expect(
      await answer
        .locator('[data-testid="turn-notice"][data-code="CONTEXT_EMERGENCY_TRIM"]')
        .count(),
    ).toBe(1);
    // The request after the refusal: smaller, still with the task, results cut short.
    const sent = rig.models.requests
      .slice(before)
      .map((request) => JSON.stringify((request.body as Body).messages));
    const refusedAt = sent.findIndex((messages) => messages.length === refused[0]);
    expect(refusedAt).toBeGreaterThan(-1);
    const retry = sent[refusedAt + 1]!;
    expect(retry).toContain(TASK);
    expect(retry).toContain('call the tool again for the rest');
    expect(retry.length).toBeLessThan(WINDOW_CHARS);
    expect(sent).toHaveLength(refusedAt + 2);
  });
});
