// Secrets through real runs of the agent core on the web face: strict secret mode
// reaches every tool call's context, and the words a describer model writes about a
// screenshot reach the run's model with their secrets replaced; text a tool typed into
// a withheld field is kept in the stored chat only as a marker.
import { describe, expect, it, vi } from 'vitest';
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import { z } from '../../shared/schema/zod';
import type { ModelRequest, StreamPart } from '../providers/model-adapter';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import { AUTO_DESCRIPTION_LABEL } from './auto-screenshot';
import { WITHHELD_ARGUMENT } from './tool-results';
import { DESCRIBE_SYSTEM } from './describe-screenshot';
import { WEB_SCOPE, call, createHarness, finish, text } from './__fixtures__/agent-harness';

const KEY = 'sk-proj-T3stK3yAbCdEfGhIjKlMnOpQrStUv012345';
const picture = { type: 'image' as const, mediaType: 'image/jpeg', base64: 'UElDVFVSRQ==' };

vi.mock('../../sites/web/worker/read/capture-for-model', () => ({
  captureForModel: () => Promise.resolve(picture),
}));

const seen: (boolean | undefined)[] = [];
const typeTool = defineTool({
  name: 'type',
  description: 'Types into the element a ref names.',
  arguments: z.strictObject({ ref: z.string() }),
  effect: 'read',
  approval: 'automatic',
  modes: ['act', 'dev'],
  execute: (_args, context) => {
    seen.push(context.strictSecretMode);
    return Promise.resolve({ ok: true, result: {}, summary: 'typed', pageChange: 'changed' });
  },
}) as ToolDefinition<unknown>;

const texts = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'user'
      ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
      : [],
  );

async function runWith(strictSecretMode: boolean) {
  seen.length = 0;
  const typeCall = [call('c1', 'type', { ref: 'ref_2' }), finish('tool_calls')];
  async function* first(request: ModelRequest): AsyncIterable<StreamPart> {
    const system = request.messages[0];
    const isDescriber = system?.role === 'system' && system.text === DESCRIBE_SYSTEM;
    yield* isDescriber ? [text(`Purpose: settings showing ${KEY}.`), finish()] : typeCall;
  }
  const h = await createHarness({
    scope: WEB_SCOPE,
    tools: [typeTool],
    turns: [first, [text('Done.'), finish()]],
    general: { planReview: 'off' },
  });
  const model = (await h.settings.view()).models[0];
  if (!model) throw new Error('the harness saves a model');
  await h.settings.saveModel({ ...model, id: 'eyes', name: 'Eyes', supportsVision: true });
  await h.settings.saveGeneral({
    screenshotDescriberId: 'eyes',
    activeModelId: 'model-1',
    strictSecretMode,
  });
  const { runId } = await h.send('Type it.', undefined, 'ask', 'act');
  await h.agent.idle();
  expect(h.endOf(runId)?.status).toBe('done');
  return texts(h.requests[2]).join('\n');
}

describe('strict secret mode in runs', () => {
  it('tells tools it is on and replaces secrets in a screenshot description', async () => {
    const next = await runWith(true);
    expect(seen).toEqual([true]);
    expect(next).toContain(
      `${AUTO_DESCRIPTION_LABEL}\nPurpose: settings showing [secret withheld: api-key].`,
    );
    expect(next).not.toContain(KEY);
  });

  it('leaves both alone while it is off', async () => {
    const next = await runWith(false);
    expect(seen).toEqual([false]);
    expect(next).toContain(KEY);
  });
});

describe('a call that typed into a withheld field', () => {
  it('is stored with a marker in place of what it typed, the other arguments kept', async () => {
    const password = 'correct-Horse-battery-9';
    const fill = defineTool({
      name: 'type',
      description: 'Types into the element a ref names.',
      arguments: z.strictObject({ ref: z.string(), text: z.string() }),
      effect: 'read',
      approval: 'automatic',
      execute: () =>
        Promise.resolve({
          ok: true,
          result: { typed: true },
          summary: 'Typed 23 characters into e5.',
          withheldArguments: ['text'],
        }),
    }) as ToolDefinition<unknown>;
    const h = await createHarness({
      scope: WEB_SCOPE,
      tools: [fill],
      turns: [
        [call('c1', 'type', { ref: 'e5', text: password }), finish('tool_calls')],
        [text('Signed in.'), finish()],
      ],
    });
    const { runId, sessionId } = await h.send('Sign me in.');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    const turn = (await h.chats.get(sessionId))?.turns.at(-1) as AssistantTurn;
    const stored = JSON.stringify(turn);
    expect(stored).not.toContain(password);
    const calls = turn.segments.flatMap((segment) =>
      segment.kind === 'tools' ? segment.calls : [],
    );
    expect(JSON.parse(calls[0]?.argumentsPreview ?? '{}')).toEqual({
      ref: 'e5',
      text: WITHHELD_ARGUMENT,
    });
  });
});
