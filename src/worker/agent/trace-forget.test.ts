// A password the model types into a credential field is forgotten everywhere a run is
// kept for later: the stored trace and a bug report's recent model calls, including the
// model's own tool call that came before anyone knew the field was secret.
import { describe, expect, it } from 'vitest';
import { z } from '../../shared/schema/zod';
import { FORGOTTEN_MARKER } from '../../shared/secrets/forget-values';
import type { ModelRequest, StreamPart } from '../providers/model-adapter';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import { createTestTracesStore } from '../traces/__fixtures__/trace-fakes';
import { createTraceStarter } from '../traces/trace-recorder';
import { createRecentActivity } from '../bug-report/recent-activity';
import { WEB_SCOPE, call, createHarness, finish, text } from './__fixtures__/agent-harness';

// Nothing a detector would flag: only the field knows it is a password.
const PASSWORD = 'violet-harbor-42';

const typeTool = (secretField: boolean): ToolDefinition<unknown> =>
  defineTool({
    name: 'type',
    description: 'Types.',
    arguments: z.strictObject({ ref: z.string(), text: z.string() }),
    effect: 'read',
    approval: 'automatic',
    async execute() {
      return {
        ok: true,
        result: { typed: true },
        summary: 'typed',
        ...(secretField ? { withheldArguments: ['text'] } : {}),
      };
    },
  }) as ToolDefinition<unknown>;

const TURNS: StreamPart[][] = [
  [call('c1', 'type', { ref: 'e4', text: PASSWORD }), finish('tool_calls')],
  [text('Signed in.'), finish()],
];

async function typedRun(secretField: boolean) {
  const store = await createTestTracesStore({ enabled: true });
  const recent = createRecentActivity();
  const starter = createTraceStarter({ store });
  const sinks: ReturnType<typeof starter>[] = [];
  const h = await createHarness({
    scope: WEB_SCOPE,
    tools: [typeTool(secretField)],
    general: { planReview: 'off' },
    extra: {
      traces: recent.watch((input) => {
        const sink = starter(input);
        sinks.push(sink);
        return sink;
      }),
    },
    turns: TURNS.map(
      (parts) =>
        async function* (_request: ModelRequest) {
          yield* parts;
        },
    ),
  });
  const { runId } = await h.send('Sign me in', undefined, 'ask', 'act');
  await h.agent.idle();
  expect(h.endOf(runId)?.status).toBe('done');
  for (const sink of sinks) await sink.settled();
  const stored = JSON.stringify(await store.get(runId));
  const exchanges = JSON.stringify(recent.exchanges());
  return { stored, exchanges, recent };
}

describe('forgetting a typed secret', () => {
  it('removes it from the stored trace and the recent model calls, before and after', async () => {
    const { stored, exchanges, recent } = await typedRun(true);
    expect(stored).not.toContain(PASSWORD);
    expect(exchanges).not.toContain(PASSWORD);
    expect(stored).toContain(FORGOTTEN_MARKER);
    // The second request carries the model's earlier call: it was forgotten there too.
    expect(recent.exchanges().filter((e) => e.kind === 'model-request')).toHaveLength(2);
    expect(exchanges).toContain(FORGOTTEN_MARKER);
    expect(JSON.stringify(recent.lastRun())).not.toContain(PASSWORD);
  });

  it('keeps typed text that no field said was secret', async () => {
    const { stored, exchanges } = await typedRun(false);
    expect(stored).toContain(PASSWORD);
    expect(exchanges).toContain(PASSWORD);
  });
});
