// A page-acting tool's per-call review through real runs of the agent core: the review
// decides whether the person is asked, the card carries its plain words, a denial
// runs nothing, "Allow for this run" allows exactly what the review named, and a
// refused review returns its failure without a card.
import { describe, expect, it } from 'vitest';
import { z } from '../../shared/schema/zod';
import type { ModelRequest } from '../providers/model-adapter';
import { defineTool, type CallReview, type ToolDefinition } from '../tools/define-tool';
import { call, createHarness, finish, text, until } from './__fixtures__/agent-harness';

/** A page action whose review is scripted per ref and records what it saw. */
function reviewedTool(runs: string[], seen: (readonly string[] | undefined)[]) {
  const reviews: Record<string, CallReview> = {
    plain: { ask: false },
    buy: {
      ask: true,
      effect: "Click 'Place order' on shop.example \u2014 $129.00",
      reason: 'It places an order.',
      destination: '',
      grantKey: 'test:consequential',
    },
    script: {
      ask: true,
      effect: 'Run a script on the page',
      reason: 'Scripts can do anything.',
      destination: '',
      grantKey: null,
    },
    gone: {
      ask: 'refused',
      outcome: { ok: false, code: 'PAGE_REF_NOT_FOUND', message: 'That element is gone.' },
    },
  };
  return defineTool({
    name: 'press',
    description: 'Presses an element.',
    arguments: z.strictObject({ ref: z.string() }),
    effect: 'page-action',
    approval: 'automatic',
    async review(args, context) {
      seen.push(context.personText);
      return reviews[args.ref] ?? { ask: false };
    },
    async execute(args) {
      runs.push(args.ref);
      return { ok: true, result: { pressed: args.ref }, summary: `pressed ${args.ref}` };
    },
  }) as ToolDefinition<unknown>;
}

const toolMessages = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'tool' ? [JSON.parse(message.content) as Record<string, unknown>] : [],
  );

async function runWith(
  refs: string[],
  answer: (pending: Record<string, unknown>) => string | string[],
) {
  const runs: string[] = [];
  const seen: (readonly string[] | undefined)[] = [];
  const h = await createHarness({
    tools: [reviewedTool(runs, seen)],
    turns: [
      ...refs.map((ref, index) => [call(`c${index}`, 'press', { ref }), finish('tool_calls')]),
      [text('Done.'), finish()],
    ],
  });
  const { runId } = await h.send('Buy the red shirt.');
  const pendings: Record<string, unknown>[] = [];
  const accepted: [string, boolean][] = [];
  const answered = new Set<string>();
  const stop = { done: false };
  void (async () => {
    while (!stop.done) {
      const pending = h
        .eventsOf(runId)
        .map(
          (event) =>
            (event.payload as { pending?: Record<string, unknown> | null } | undefined)?.pending,
        )
        .filter((entry): entry is Record<string, unknown> => !!entry)
        .find((entry) => !answered.has(String(entry['callId'])));
      if (pending) {
        answered.add(String(pending['callId']));
        pendings.push(pending);
        const decisions = answer(pending);
        for (const decision of Array.isArray(decisions) ? decisions : [decisions])
          accepted.push([
            decision,
            h.agent.resolve(runId, String(pending['callId']), decision as 'deny').accepted,
          ]);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  await h.agent.idle();
  await until(() => h.endOf(runId) !== undefined);
  stop.done = true;
  return { runs, seen, pendings, accepted, results: toolMessages(h.requests.at(-1)) };
}

describe('a page action that reviews its own call', () => {
  it('runs at once when its review does not ask, and hands the review the person\u2019s words', async () => {
    const { runs, seen, pendings, results } = await runWith(['plain'], () => 'deny');
    expect(runs).toEqual(['plain']);
    expect(pendings).toEqual([]);
    expect(results[0]).toMatchObject({ ok: true });
    expect(seen).toEqual([['Buy the red shirt.']]);
  });

  it('shows the review\u2019s words on an action card and runs nothing when denied', async () => {
    const { runs, pendings, results } = await runWith(['buy'], () => 'deny');
    expect(runs).toEqual([]);
    expect(pendings).toEqual([
      {
        kind: 'action-approval',
        callId: 'c0',
        name: 'press',
        effect: "Click 'Place order' on shop.example \u2014 $129.00",
        reason: 'It places an order.',
        destination: '',
        allowRun: true,
        argumentsPreview: '{"ref":"buy"}',
      },
    ]);
    expect(results[0]).toMatchObject({ ok: false, code: 'TOOL_DENIED' });
  });

  it('allows for the run exactly what the review named', async () => {
    const { runs, pendings } = await runWith(['buy', 'buy', 'script'], (pending) =>
      pending['name'] === 'press' && pending['allowRun'] === true ? 'allow-run' : 'deny',
    );
    // The second purchase needs no card; the script still asks and is denied.
    expect(runs).toEqual(['buy', 'buy']);
    expect(pendings.map((pending) => [pending['callId'], pending['allowRun']])).toEqual([
      ['c0', true],
      ['c2', false],
    ]);
  });

  it('refuses Allow for this run on a card that does not offer it', async () => {
    const { runs, results, accepted } = await runWith(['script'], () => ['allow-run', 'deny']);
    expect(accepted).toEqual([
      ['allow-run', false],
      ['deny', true],
    ]);
    expect(runs).toEqual([]);
    expect(results[0]).toMatchObject({ ok: false, code: 'TOOL_DENIED' });
  });

  it('returns a refused review\u2019s failure without a card or a run', async () => {
    const { runs, pendings, results } = await runWith(['gone'], () => 'approve-once');
    expect(runs).toEqual([]);
    expect(pendings).toEqual([]);
    expect(results[0]).toMatchObject({ ok: false, code: 'PAGE_REF_NOT_FOUND' });
  });
});
