// Recorded model replies that carry tool calls as text, through the built extension
// in real Chromium: every tool those recordings offered is saved as a custom HTTP
// tool (the person's own tools, on a local endpoint), and for each model family one
// recorded reply is the scripted model's answer, byte for byte. The run must post
// exactly the calls the reply carries, with their arguments, to the endpoint, and
// the model's next request must show them as calls, not as its own text. A reply
// recorded as prose that only looks like a call must call nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { corsHeaders } from '../support/mcp/sdk-peer';
import { runRequests } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';
import {
  RECORDED_SAMPLES,
  RECORDED_TOOLS,
} from '../../src/worker/agent/__fixtures__/recorded-tool-call-outputs';
import type { RecordedSample } from '../../src/worker/agent/__fixtures__/recorded-sample';

const HOST = 'garden.example';
const PAGE = `<!doctype html><title>Garden shop</title><h1>Garden shop</h1>`;

interface Posted {
  tool: string;
  arguments: Record<string, unknown>;
}

let rig: WebRunRig;
let endpoint: { server: Server; origin: string; posts: Posted[] };
const saved = new Map<string, string>();

function startEndpoint(): Promise<typeof endpoint> {
  const posts: Posted[] = [];
  const server = createServer((request, response) => {
    const cors = corsHeaders(request.headers['access-control-request-headers']);
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      posts.push(JSON.parse(body) as Posted);
      response.writeHead(200, { ...cors, 'content-type': 'application/json' });
      response.end(JSON.stringify({ done: true }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        posts,
      }),
    ),
  );
}

beforeAll(async () => {
  endpoint = await startEndpoint();
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
  for (const tool of RECORDED_TOOLS) {
    const answer = await rig.driver.send({
      type: 'custom-tools/save',
      payload: {
        tool: {
          name: tool.name,
          description: tool.description,
          endpoint: `${endpoint.origin}/tools`,
          headers: [],
          schemaJson: JSON.stringify(tool.inputSchema),
          enabled: true,
          insecureOriginAcknowledged: null,
        },
      },
    });
    if (!answer.ok) continue; // a built-in's name (click, type) stays the built-in's
    const view = (answer.data as { tools: { id: string; name: string }[] }).tools;
    const id = view.find((entry) => entry.name === tool.name)?.id;
    if (!id) continue;
    saved.set(tool.name, id);
    const trusted = await rig.driver.send({
      type: 'trust/set',
      payload: { kind: 'custom', id, trusted: true },
    });
    expect(trusted.ok).toBe(true);
  }
}, 120_000);

afterAll(async () => {
  await rig?.close();
  await new Promise((resolve) => endpoint?.server.close(resolve));
});

/** One reply per family whose calls all name a saved tool: the first recorded. */
function onePerFamily(): RecordedSample[] {
  const chosen = new Map<string, RecordedSample>();
  for (const sample of RECORDED_SAMPLES) {
    if (!sample.calls || chosen.has(sample.family)) continue;
    if (sample.calls.every((call) => saved.has(call.name))) chosen.set(sample.family, sample);
  }
  return [...chosen.values()];
}

interface SeenMessage {
  role: string;
  content?: unknown;
  tool_calls?: { function: { name: string; arguments: string } }[];
}

async function runReply(reply: string) {
  await rig.models.setScenario({
    name: 'recorded-text-call',
    models: ['scripted-model'],
    turns: [{ steps: [{ text: reply }] }, { steps: [{ text: 'Done.' }] }],
  });
  const start = rig.models.requests.length;
  const posted = endpoint.posts.length;
  const { runId } = await rig.driver.start(rig.modelId, 'Go ahead.', { agentMode: 'ask' });
  const end = await rig.driver.waitForEnd(runId);
  return {
    status: end.payload['status'],
    requests: runRequests(rig.models, start),
    posts: endpoint.posts.slice(posted),
  };
}

describe('recorded text tool calls through the real panel', () => {
  it('saves the recordings’ tools and has a reply from at least seventeen families', () => {
    expect(saved.size).toBe(RECORDED_TOOLS.length - 2);
    expect(onePerFamily().length).toBeGreaterThanOrEqual(17);
  });

  it('runs each family’s recorded reply as exactly the calls it carries', async () => {
    const failures: string[] = [];
    for (const sample of onePerFamily()) {
      const outcome = await runReply(sample.reply);
      const expected = (sample.calls ?? []).map((call) => ({
        tool: call.name,
        arguments: call.arguments,
      }));
      const messages = (outcome.requests[1]?.body as { messages?: SeenMessage[] } | undefined)
        ?.messages;
      const replayed = (messages ?? [])
        .flatMap((message) => message.tool_calls ?? [])
        .map((call) => call.function.name);
      const same =
        outcome.status === 'done' &&
        JSON.stringify(outcome.posts) === JSON.stringify(expected) &&
        JSON.stringify(replayed) === JSON.stringify(expected.map((call) => call.tool));
      if (!same)
        failures.push(
          `${sample.family}: ${String(outcome.status)} posted ${JSON.stringify(outcome.posts)}`,
        );
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('calls nothing for recorded replies that must stay text', async () => {
    const prose = RECORDED_SAMPLES.filter((sample) => sample.calls === null).slice(0, 6);
    expect(prose.length).toBe(6);
    for (const sample of prose) {
      const outcome = await runReply(sample.reply);
      expect(outcome.status, sample.family).toBe('done');
      expect(outcome.posts, sample.family).toEqual([]);
      expect(outcome.requests, sample.family).toHaveLength(1);
    }
  }, 120_000);
});
