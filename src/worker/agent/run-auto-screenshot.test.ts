// Automatic screenshots through real runs of the agent core on the web face: the
// site's capture is replaced by a fixed picture (the real one needs a browser).
import { describe, expect, it, vi } from 'vitest';
import { z } from '../../shared/schema/zod';
import type { ModelRequest, StreamPart } from '../providers/model-adapter';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import { AUTO_DESCRIPTION_LABEL, AUTO_SCREENSHOT_LABEL } from './auto-screenshot';
import { DESCRIBE_SYSTEM } from './describe-screenshot';
import { WEB_SCOPE, call, createHarness, finish, text } from './__fixtures__/agent-harness';

const picture = { type: 'image' as const, mediaType: 'image/jpeg', base64: 'UElDVFVSRQ==' };
const captures = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../sites/web/worker/read/capture-for-model', () => ({
  captureForModel: () => {
    captures.count += 1;
    return Promise.resolve(picture);
  },
}));

/** A page action that says it changed the page. */
const typeTool = defineTool({
  name: 'type',
  description: 'Types into the element a ref names.',
  arguments: z.strictObject({ ref: z.string() }),
  effect: 'read',
  approval: 'automatic',
  modes: ['act', 'dev'],
  execute: () =>
    Promise.resolve({ ok: true, result: { typed: true }, summary: 'typed', pageChange: 'changed' }),
}) as ToolDefinition<unknown>;

const images = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'user' ? message.content.filter((part) => part.type !== 'text') : [],
  );
const texts = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'user'
      ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
      : [],
  );

async function runWith(supportsVision: boolean) {
  captures.count = 0;
  const h = await createHarness({
    scope: WEB_SCOPE,
    tools: [typeTool],
    turns: [
      [call('c1', 'type', { ref: 'ref_2' }), finish('tool_calls')],
      [text('Done.'), finish()],
    ],
    general: { planReview: 'off' },
  });
  const model = (await h.settings.view()).models[0];
  if (!model) throw new Error('the harness saves a model');
  await h.settings.saveModel({ ...model, supportsVision });
  const { runId } = await h.send('Type it.', undefined, 'ask', 'act');
  await h.agent.idle();
  return { h, runId };
}

describe('automatic screenshots in runs', () => {
  it('sends a vision model in Act mode the page after an action changed it', async () => {
    const { h, runId } = await runWith(true);
    expect(h.endOf(runId)?.status).toBe('done');
    expect(captures.count).toBe(1);
    expect(images(h.requests[0])).toEqual([]);
    expect(images(h.requests[1])).toEqual([picture]);
    expect(texts(h.requests[1])).toContain(AUTO_SCREENSHOT_LABEL);
  });

  it('sends none to a model without vision', async () => {
    const { h, runId } = await runWith(false);
    expect(h.endOf(runId)?.status).toBe('done');
    expect(captures.count).toBe(0);
    expect(images(h.requests[1])).toEqual([]);
  });

  it('sends a model without vision the words of the chosen describer instead', async () => {
    captures.count = 0;
    const typeCall = [call('c1', 'type', { ref: 'ref_2' }), finish('tool_calls')];
    // The describer's call opens with its own prompt; the run's first round does not.
    async function* first(request: ModelRequest): AsyncIterable<StreamPart> {
      const system = request.messages[0];
      const isDescriber = system?.role === 'system' && system.text === DESCRIBE_SYSTEM;
      yield* isDescriber ? [text('Purpose: a cart.'), finish()] : typeCall;
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
    await h.settings.saveGeneral({ screenshotDescriberId: 'eyes', activeModelId: 'model-1' });
    const { runId } = await h.send('Type it.', undefined, 'ask', 'act');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(captures.count).toBe(1);
    expect(h.requests).toHaveLength(3);
    const [, describer, next] = h.requests;
    expect(describer?.settings).toMatchObject({ modelId: 'scripted', temperature: 0 });
    expect(images(describer)).toEqual([picture]);
    expect(images(next)).toEqual([]);
    expect(texts(next)).toContain(`${AUTO_DESCRIPTION_LABEL}\nPurpose: a cart.`);
  });
});
