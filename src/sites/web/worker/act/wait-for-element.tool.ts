// `wait_for_element`: waits until an element, named by its ref, by role and name, or
// by text it shows, is visible, hidden, enabled or on the page at all, for at most
// `timeout_ms`. The page waits in slices of at most 3 s (a page request's limit is
// 12 s) and checks when the page changes, not on a timer; Stop ends the wait at once
// through the run's signal. It changes nothing, so it never asks.
import { delay } from '../../../../shared/lib/abort';
import { z } from '../../../../shared/schema/zod';
import {
  defineTool,
  quoted,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import {
  ElementStateWantedSchema,
  MAX_ELEMENT_WAIT_SLICE_MS,
  type ElementQuery,
  type WaitAnswer,
} from '../../methods/wait-methods';
import { parseActionRef } from '../actions/action-target';
import { RefArgument } from '../actions/resolve-target';

export const DEFAULT_WAIT_MS = 5_000;
const MIN_SLICE_GAP_MS = 50;
export const MAX_WAIT_MS = 20_000;

const Arguments = z.strictObject({
  ref: RefArgument.optional(),
  role: z.string().min(1).max(40).optional(),
  name: z.string().max(200).optional(),
  text: z.string().min(1).max(200).optional(),
  state: ElementStateWantedSchema.default('visible'),
  timeout_ms: z.number().int().min(100).max(MAX_WAIT_MS).default(DEFAULT_WAIT_MS),
});
type Args = z.output<typeof Arguments>;

type Failure = Extract<ToolOutcome, { ok: false }>;

/** The one way the arguments name the element, or why they do not. */
function queryOf(args: Args): ElementQuery | Failure {
  const ways = [args.ref, args.role, args.text].filter((way) => way !== undefined).length;
  if (ways !== 1 || (args.name !== undefined && args.role === undefined)) {
    return {
      ok: false,
      code: 'ARGUMENTS_INVALID',
      message: 'Name the element one way: ref, or role (with an optional name), or text.',
    };
  }
  if (args.ref !== undefined) {
    const parsed = parseActionRef(args.ref);
    return 'ok' in parsed ? parsed : { by: 'ref', ref: parsed.number };
  }
  if (args.role !== undefined)
    return { by: 'role', role: args.role.trim().toLowerCase(), name: args.name ?? null };
  return { by: 'text', text: args.text ?? '' };
}

function describeQuery(args: Args): string {
  if (args.ref !== undefined) return args.ref;
  if (args.role !== undefined) return args.name ? `${args.role} ${quoted(args.name)}` : args.role;
  return quoted(args.text ?? '');
}

const stopped = (): Failure => ({
  ok: false,
  code: 'CANCELLED',
  message: 'The request was stopped.',
});

/** Slices of waiting until the state holds, the ref dies, or the time is up. */
async function waitInSlices(
  context: ToolRunContext,
  query: ElementQuery,
  args: Args,
): Promise<{ answer: WaitAnswer; elapsed: number } | Failure> {
  const started = Date.now();
  for (;;) {
    if (context.signal.aborted) return stopped();
    const left = args.timeout_ms - (Date.now() - started);
    const reply = await context.page.request('web/wait-element', {
      query,
      state: args.state,
      maxMs: Math.max(0, Math.min(MAX_ELEMENT_WAIT_SLICE_MS, left)),
    });
    if (context.signal.aborted) return stopped();
    if (!reply.ok) return { ok: false, code: reply.error.code, message: reply.error.message };
    const elapsed = Date.now() - started;
    if (reply.data.status !== 'waiting' || elapsed >= args.timeout_ms)
      return { answer: reply.data, elapsed };
    // A page that answers "still waiting" at once is not asked again at once.
    try {
      await delay(Math.min(MIN_SLICE_GAP_MS, args.timeout_ms - elapsed), context.signal);
    } catch {
      return stopped();
    }
  }
}

export const waitForElementTool = defineTool({
  name: 'wait_for_element',
  description:
    'Wait until an element (by ref, role + name, or text) is visible, hidden, enabled or attached.',
  arguments: Arguments,
  effect: 'read',
  activity: (args) => `Waited for ${describeQuery(args)} to be ${args.state}`,
  approval: 'automatic',
  modes: ['act', 'dev'],
  async execute(args, context) {
    const query = queryOf(args);
    if ('ok' in query) return query;
    const waited = await waitInSlices(context, query, args);
    if ('ok' in waited) return waited;
    const { answer, elapsed } = waited;
    const what = describeQuery(args);
    if (answer.status === 'gone') {
      return {
        ok: false,
        code: 'PAGE_REF_NOT_FOUND',
        message: `${what} no longer names an element on the page (it was removed, or the ref is from an earlier page). Look at the page again, or wait by role, name or text.`,
      };
    }
    if (answer.status === 'waiting') {
      return {
        ok: false,
        code: 'ELEMENT_WAIT_TIMEOUT',
        message: `After ${elapsed} ms, ${what} is still not ${args.state}: ${answer.target === null ? 'nothing on the page matches' : `it is ${answer.seen}`}.`,
        details: untrustedPageData('the page after waiting', { now: answer.target ?? '' }),
      };
    }
    const ref = answer.ref === null ? null : `e${answer.ref}`;
    return {
      ok: true,
      result: {
        done: `${what} is ${args.state} (after ${elapsed} ms).`,
        ...(ref ? { ref } : {}),
        ...(answer.target ? untrustedPageData('the element', { target: answer.target }) : {}),
      },
      summary: `${what} is ${args.state}`,
    };
  },
});
