// The agent's question mid-run, through the built extension in real Chromium: an Act
// run's scripted model calls clarify, the run waits with the question and its answers
// (the panel's card is tested on its own), the person's pick is sent as they would
// send it, and the run goes on with that answer as the tool's result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRequests } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'shirts.example';
const PAGE = '<!doctype html><title>Shirts</title><h1>Red shirt</h1><p>Sizes S, M, L.</p>';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
});

afterAll(async () => {
  await rig?.close();
});

describe('clarify', () => {
  it('waits for the person’s answer and hands it to the model', async () => {
    await rig.models.setScenario({
      name: 'clarify-size',
      models: ['scripted-model'],
      turns: [
        {
          steps: [
            {
              toolCall: {
                id: 'ask-1',
                name: 'clarify',
                arguments: { question: 'Which size do you want?', options: ['S', 'M', 'L'] },
              },
            },
          ],
        },
        { steps: [{ text: 'Size M it is.' }] },
      ],
    });
    const start = rig.models.requests.length;
    const { runId } = await rig.driver.start(rig.modelId, 'Buy the red shirt.', {
      agentMode: 'act',
    });
    let pending: Record<string, unknown> | undefined;
    for (let tries = 0; tries < 100 && !pending; tries += 1) {
      const events = await rig.driver.eventsOf(runId);
      pending = events
        .map((event) => event.payload['pending'] as Record<string, unknown> | null | undefined)
        .find((entry) => entry?.['kind'] === 'clarify') as Record<string, unknown> | undefined;
      if (!pending) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pending).toMatchObject({
      kind: 'clarify',
      question: 'Which size do you want?',
      options: ['S', 'M', 'L'],
    });
    await rig.driver.resolve(runId, 'ask-1', 'accept', { answer: 'M' });
    const end = await rig.driver.waitForEnd(runId);
    expect(end.payload['status']).toBe('done');
    const requests = runRequests(rig.models, start);
    expect(requests).toHaveLength(2);
    const messages = (requests[1]?.body as { messages: { role: string; content?: unknown }[] })
      .messages;
    const result = JSON.parse(String(messages.find((entry) => entry.role === 'tool')?.content));
    expect(result).toMatchObject({ ok: true, result: { answered: true, answer: 'M' } });
  });

  it('takes the first answer at once when Settings → Agent says so, marked as not the person’s', async () => {
    const saved = await rig.driver.send({
      type: 'settings/save-general',
      payload: { patch: { clarifyTimeout: 'instant' } },
    });
    expect(saved.ok).toBe(true);
    await rig.models.setScenario({
      name: 'clarify-instant',
      models: ['scripted-model'],
      turns: [
        {
          steps: [
            {
              toolCall: {
                id: 'ask-2',
                name: 'clarify',
                arguments: { question: 'Which colour?', options: ['Red', 'Blue'] },
              },
            },
          ],
        },
        { steps: [{ text: 'Going with red for now.' }] },
      ],
    });
    const start = rig.models.requests.length;
    const { runId } = await rig.driver.start(rig.modelId, 'Pick a shirt colour.', {
      agentMode: 'act',
    });
    const end = await rig.driver.waitForEnd(runId);
    expect(end.payload['status']).toBe('done');
    const events = await rig.driver.eventsOf(runId);
    // No card was shown: nobody was asked.
    expect(events.some((event) => event.payload['pending'] != null)).toBe(false);
    const notices = events
      .filter((event) => event.type === 'run/notice')
      .map((event) => String(event.payload['message']));
    expect(notices.some((text) => text.includes('went on with the first answer'))).toBe(true);
    const requests = runRequests(rig.models, start);
    const messages = (requests[1]?.body as { messages: { role: string; content?: unknown }[] })
      .messages;
    const result = JSON.parse(String(messages.find((entry) => entry.role === 'tool')?.content));
    expect(result).toMatchObject({
      ok: true,
      result: { answered: false, answer: 'Red', chosen_by: 'timeout' },
    });
  });
});
