// A local model that writes its tool call as text, through the built extension in
// real Chromium: the scripted model answers in the Hermes/Qwen template, the run
// reads the page as if the call had come through the API, and the model's next
// request carries the call and the page's text as its result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRequests } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'garden.example';
const PAGE = `<!doctype html><title>Garden shop</title><h1>Garden shop</h1>
<p>Spades, rakes and watering cans, shipped in two days.</p>`;

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
});

afterAll(async () => {
  await rig?.close();
});

interface SeenMessage {
  role: string;
  content?: unknown;
  tool_calls?: { function: { name: string; arguments: string } }[];
}

describe('tool calls written as text', () => {
  it('runs a Qwen-style <tool_call> reply as the call it names', async () => {
    await rig.models.setScenario({
      name: 'text-tool-call',
      models: ['scripted-model'],
      turns: [
        {
          steps: [
            {
              text: '<tool_call>\n{"name": "read_page", "arguments": {}}\n</tool_call>',
            },
          ],
        },
        { steps: [{ text: 'It sells garden tools.' }] },
      ],
    });
    const start = rig.models.requests.length;
    const { runId } = await rig.driver.start(rig.modelId, 'What does this shop sell?', {
      agentMode: 'ask',
    });
    const end = await rig.driver.waitForEnd(runId);
    expect(end.payload['status']).toBe('done');
    const requests = runRequests(rig.models, start);
    expect(requests).toHaveLength(2);
    const messages = (requests[1]?.body as { messages: SeenMessage[] }).messages;
    const call = messages.find((message) => message.role === 'assistant')?.tool_calls?.[0];
    expect(call?.function.name).toBe('read_page');
    const result = messages.find((message) => message.role === 'tool');
    expect(String(result?.content)).toContain('shipped in two days');
  });
});
