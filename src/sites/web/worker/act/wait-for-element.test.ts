import { describe, expect, it } from 'vitest';
import type { ToolRunContext } from '../../../../worker/tools/define-tool';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset/check-schema-subset';
import { waitMethods, type WaitAnswer } from '../../methods/wait-methods';
import { waitForElementTool } from './wait-for-element.tool';

/** A run context whose page answers each wait slice from `slices` (checked by the schema). */
function pageAnswering(
  slices: (WaitAnswer | { error: string })[],
  signal = new AbortController().signal,
) {
  const calls: unknown[] = [];
  const context = {
    runId: 'run-1',
    callId: 'call-1',
    signal,
    page: {
      tabId: 1,
      request: async (method: string, payload: unknown) => {
        calls.push({ method, payload });
        const next = (slices.length > 1 ? slices.shift() : slices[0]) ?? {
          error: 'PAGE_UNAVAILABLE',
        };
        if ('error' in next) return { ok: false, error: { code: next.error, message: 'gone' } };
        return { ok: true, data: waitMethods['web/wait-element'].response.parse(next) };
      },
    },
  } as unknown as ToolRunContext;
  return { context, calls };
}

async function wait(context: ToolRunContext, args: Record<string, unknown>) {
  const parsed = waitForElementTool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return waitForElementTool.execute(parsed.args, context);
}

describe('wait_for_element', () => {
  it('waits slice after slice until the element shows, and returns its ref', async () => {
    const { context, calls } = pageAnswering([
      { status: 'waiting', target: null, seen: 'not on the page' },
      { status: 'met', ref: 31, target: 'dialog "Saved"' },
    ]);
    const outcome = await wait(context, { role: 'dialog', name: 'Saved' });
    expect(outcome).toMatchObject({ ok: true, result: { ref: 'e31' } });
    expect(calls).toEqual([
      {
        method: 'web/wait-element',
        payload: {
          query: { by: 'role', role: 'dialog', name: 'Saved' },
          state: 'visible',
          maxMs: 3_000,
        },
      },
      expect.objectContaining({ method: 'web/wait-element' }),
    ]);
  });

  it('times out with a code and what the page shows now', async () => {
    const { context } = pageAnswering([
      { status: 'waiting', target: 'button "Pay"', seen: 'disabled' },
    ]);
    const outcome = await wait(context, { ref: 'e4', state: 'enabled', timeout_ms: 100 });
    expect(outcome).toMatchObject({ ok: false, code: 'ELEMENT_WAIT_TIMEOUT' });
    expect(outcome.ok === false && outcome.message).toContain('disabled');
  });

  it('refuses a dead ref, a ref of an earlier page, or a frame ref', async () => {
    const { context } = pageAnswering([{ status: 'gone' }]);
    expect(await wait(context, { ref: 'e9' })).toMatchObject({ code: 'PAGE_REF_NOT_FOUND' });
    expect(await wait(context, { ref: 'Pay' })).toMatchObject({ code: 'PAGE_REF_INVALID' });
    expect(await wait(context, { ref: 'f2:e9' })).toMatchObject({
      code: 'SITE_FEATURE_UNAVAILABLE',
    });
  });

  it('asks for exactly one way of naming the element', async () => {
    const { context, calls } = pageAnswering([]);
    expect(await wait(context, {})).toMatchObject({ code: 'ARGUMENTS_INVALID' });
    expect(await wait(context, { ref: 'e1', text: 'Hi' })).toMatchObject({
      code: 'ARGUMENTS_INVALID',
    });
    expect(await wait(context, { name: 'Saved' })).toMatchObject({ code: 'ARGUMENTS_INVALID' });
    expect(calls).toEqual([]);
    expect(waitForElementTool.parseArguments({ text: 'x', timeout_ms: 60_000 }).ok).toBe(false);
    expect(waitForElementTool.parseArguments({ text: 'x', state: 'blue' }).ok).toBe(false);
  });

  it('passes on a closed tab and stops when the run is stopped', async () => {
    const closed = pageAnswering([{ error: 'RUN_SCOPE_CHANGED' }]);
    expect(await wait(closed.context, { text: 'Done' })).toMatchObject({
      code: 'RUN_SCOPE_CHANGED',
    });
    const controller = new AbortController();
    controller.abort();
    const stopped = pageAnswering([], controller.signal);
    expect(await wait(stopped.context, { text: 'Done' })).toMatchObject({ code: 'CANCELLED' });
    expect(stopped.calls).toEqual([]);
  });

  it('offers a schema in the subset the model sees', () => {
    expect(checkSchemaSubset(waitForElementTool.inputSchema)).toMatchObject({ ok: true });
  });
});
