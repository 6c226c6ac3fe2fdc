import { describe, expect, it, vi } from 'vitest';
import { z } from '../schema/zod';
import { defineEventChannel, defineRequestChannel, type HandlerContext } from './define-channel';
import { ProtocolFailure } from './envelope';
import { createEventRouter, createRequestRouter } from './router';

// A small channel of our own, so each router step can be observed on its own: the
// channels of the product are covered in router.test.ts.
const requests = defineRequestChannel('test-requests', ['extension-page', 'content-script'], {
  'demo/echo': {
    request: z.strictObject({ text: z.string().max(10) }),
    // A default the handler does not set: the caller must get the parsed response.
    response: z.strictObject({ text: z.string(), echoed: z.boolean().default(true) }),
  },
  'demo/run-step': {
    request: z.strictObject({}),
    response: z.strictObject({}),
    runScoped: true,
  },
});

const events = defineEventChannel('test-events', ['worker'], {
  'demo/happened': { payload: z.strictObject({ n: z.number() }) },
  'demo/run-happened': { payload: z.strictObject({}), runScoped: true },
  'demo/unhandled': { payload: z.strictObject({}) },
});

function requestRouter(
  echo: (payload: { text: string }, context: HandlerContext) => unknown = ({ text }) => ({ text }),
  options: Parameters<typeof createRequestRouter>[2] = {},
) {
  const runStep = vi.fn((_payload: unknown, _context: HandlerContext) => ({}));
  const router = createRequestRouter(
    requests,
    {
      'demo/echo': echo as never,
      'demo/run-step': runStep,
    },
    options,
  );
  return { router, runStep };
}

describe('createRequestRouter', () => {
  it('gives the handler the sender, the caller signal and exactly the identifiers present', async () => {
    const seen: HandlerContext[] = [];
    const { router } = requestRouter(({ text }, context) => {
      seen.push(context);
      return { text };
    });
    const controller = new AbortController();
    await router.handle(
      { type: 'demo/echo', requestId: 'req-1', payload: { text: 'hi' } },
      { sender: 'content-script', signal: controller.signal, tabId: 4, frameId: 0 },
    );
    expect(seen[0]).toEqual({
      sender: 'content-script',
      signal: controller.signal,
      requestId: 'req-1',
      tabId: 4,
      frameId: 0,
    });
    await router.handle(
      { type: 'demo/echo', requestId: 'req-2', payload: { text: 'hi' } },
      { sender: 'extension-page' },
    );
    // No tab, no frame, no run: the keys are absent, not undefined.
    expect(Object.keys(seen[1]!).sort()).toEqual(['requestId', 'sender', 'signal']);
    expect(seen[1]!.signal).toBeInstanceOf(AbortSignal);
    expect(seen[1]!.signal.aborted).toBe(false);
  });

  it('passes the runId of a run-scoped request and asks whether that run is active', async () => {
    const isActiveRun = vi.fn((runId: string) => runId === 'run-1');
    const { router, runStep } = requestRouter(undefined, { isActiveRun });
    const result = await router.handle(
      { type: 'demo/run-step', requestId: 'req-1', runId: 'run-1', payload: {} },
      { sender: 'extension-page' },
    );
    expect(result).toEqual({ ok: true, data: {} });
    expect(isActiveRun).toHaveBeenCalledWith('run-1', 'demo/run-step');
    expect(runStep.mock.calls[0]![1]).toMatchObject({ runId: 'run-1', requestId: 'req-1' });
    expect(
      await router.handle(
        { type: 'demo/run-step', requestId: 'req-2', runId: 'run-2', payload: {} },
        { sender: 'extension-page' },
      ),
    ).toEqual({
      ok: false,
      error: {
        code: 'STALE_RUN_ID',
        message: 'demo/run-step belongs to a run that is not active.',
      },
    });
    expect(runStep).toHaveBeenCalledTimes(1);
    // A request that is not run-scoped is not checked against the runs.
    isActiveRun.mockClear();
    expect(
      await router.handle(
        { type: 'demo/echo', requestId: 'req-3', payload: { text: 'x' } },
        { sender: 'extension-page' },
      ),
    ).toMatchObject({ ok: true });
    expect(isActiveRun).not.toHaveBeenCalled();
  });

  it('refuses a method whose handler is missing from the map', async () => {
    const router = createRequestRouter(requests, {
      'demo/run-step': () => ({}),
    } as never);
    expect(
      await router.handle(
        { type: 'demo/echo', requestId: 'r', payload: { text: 'x' } },
        { sender: 'extension-page' },
      ),
    ).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_MESSAGE_TYPE', message: 'test-requests: no handler.' },
    });
  });

  it('names the channel when the envelope itself is malformed', async () => {
    const { router } = requestRouter();
    const result = await router.handle({ type: '' }, { sender: 'extension-page' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ENVELOPE' } });
    expect(result.ok ? '' : result.error.message).toMatch(/^test-requests envelope: /);
  });

  it('names the method when a response does not match its schema', async () => {
    const { router } = requestRouter(() => ({ text: 5 }));
    const result = await router.handle(
      { type: 'demo/echo', requestId: 'r', payload: { text: 'x' } },
      { sender: 'extension-page' },
    );
    expect(result.ok ? '' : result.error.message).toMatch(/^demo\/echo response: /);
  });

  it('accepts any runId on a run-scoped request when the context tracks no runs', async () => {
    const { router, runStep } = requestRouter();
    const result = await router.handle(
      { type: 'demo/run-step', requestId: 'req-1', runId: 'run-9', payload: {} },
      { sender: 'extension-page' },
    );
    expect(result.ok).toBe(true);
    expect(runStep).toHaveBeenCalledTimes(1);
  });

  it('answers with the parsed response, or with the raw one when response checks are off', async () => {
    const { router } = requestRouter();
    expect(
      await router.handle(
        { type: 'demo/echo', requestId: 'r', payload: { text: 'hi' } },
        { sender: 'extension-page' },
      ),
    ).toEqual({ ok: true, data: { text: 'hi', echoed: true } });
    const unchecked = requestRouter(() => ({ anything: 1 }), { validateResponses: false }).router;
    expect(
      await unchecked.handle(
        { type: 'demo/echo', requestId: 'r', payload: { text: 'hi' } },
        { sender: 'extension-page' },
      ),
    ).toEqual({ ok: true, data: { anything: 1 } });
    const checked = requestRouter(() => ({ anything: 1 }), { validateResponses: true }).router;
    const refused = await checked.handle(
      { type: 'demo/echo', requestId: 'r', payload: { text: 'hi' } },
      { sender: 'extension-page' },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_RESPONSE' } });
  });

  it('gives the handler the parsed request, not the raw payload', async () => {
    const seen: unknown[] = [];
    const { router } = requestRouter((payload) => {
      seen.push(payload);
      return { text: payload.text };
    });
    await router.handle(
      { type: 'demo/echo', requestId: 'r', payload: { text: 'hi' } },
      { sender: 'extension-page' },
    );
    expect(seen).toEqual([{ text: 'hi' }]);
  });

  it('reports each refusal with its own code and a message a person can read', async () => {
    const { router, runStep } = requestRouter();
    const refuse = async (raw: unknown, sender: 'extension-page' | 'worker' = 'extension-page') => {
      const result = await router.handle(raw, { sender });
      return result.ok ? null : result.error;
    };
    expect(await refuse({ type: 'demo/nope', requestId: 'r', payload: {} })).toEqual({
      code: 'UNKNOWN_MESSAGE_TYPE',
      message: 'test-requests: unknown message type.',
      details: { type: 'demo/nope' },
    });
    expect(await refuse({ type: 'demo/echo', requestId: 'r', payload: {} }, 'worker')).toEqual({
      code: 'SENDER_NOT_ALLOWED',
      message: 'test-requests does not accept messages from worker.',
    });
    expect(await refuse({ type: 'demo/echo', payload: { text: 'x' } })).toEqual({
      code: 'MISSING_REQUEST_ID',
      message: 'test-requests: requests need a requestId.',
    });
    expect(await refuse({ type: 'demo/run-step', requestId: 'r', payload: {} })).toEqual({
      code: 'MISSING_RUN_ID',
      message: 'demo/run-step is run-scoped and needs a runId.',
    });
    expect(
      await refuse({ type: 'demo/echo', requestId: 'r', runId: 'run-1', payload: { text: 'x' } }),
    ).toEqual({ code: 'UNEXPECTED_RUN_ID', message: 'demo/echo is not run-scoped.' });
    expect(
      await refuse({ type: 'demo/echo', requestId: 'r', payload: { text: 'x'.repeat(11) } }),
    ).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(runStep).not.toHaveBeenCalled();
  });

  it('checks the message type before the sender, and the sender before the identifiers', async () => {
    const { router } = requestRouter();
    const code = async (raw: unknown, sender: 'extension-page' | 'worker') => {
      const result = await router.handle(raw, { sender });
      return result.ok ? null : result.error.code;
    };
    // An unknown type from a refused sender: the type is what is reported.
    expect(await code({ type: 'demo/nope', payload: {} }, 'worker')).toBe('UNKNOWN_MESSAGE_TYPE');
    // A refused sender without a requestId: the sender is what is reported.
    expect(await code({ type: 'demo/echo', payload: {} }, 'worker')).toBe('SENDER_NOT_ALLOWED');
    // A missing requestId on a run-scoped request without a runId.
    expect(await code({ type: 'demo/run-step', payload: {} }, 'extension-page')).toBe(
      'MISSING_REQUEST_ID',
    );
  });

  it('turns what a handler throws into a structured error', async () => {
    const answer = async (thrown: unknown) =>
      requestRouter(() => {
        throw thrown;
      }).router.handle(
        { type: 'demo/echo', requestId: 'r', payload: { text: 'x' } },
        { sender: 'extension-page' },
      );
    expect(await answer(new ProtocolFailure('PAGE_NO_EDITOR', 'No editor.', { tabId: 3 }))).toEqual(
      {
        ok: false,
        error: { code: 'PAGE_NO_EDITOR', message: 'No editor.', details: { tabId: 3 } },
      },
    );
    expect(await answer('plain words')).toEqual({
      ok: false,
      error: { code: 'HANDLER_FAILED', message: 'plain words' },
    });
    expect(await answer(new Error(''))).toEqual({
      ok: false,
      error: { code: 'HANDLER_FAILED', message: 'The handler failed.' },
    });
    // A rejected promise is the same as a throw.
    const rejecting = requestRouter(async () => Promise.reject(new Error('later'))).router;
    expect(
      await rejecting.handle(
        { type: 'demo/echo', requestId: 'r', payload: { text: 'x' } },
        { sender: 'extension-page' },
      ),
    ).toEqual({ ok: false, error: { code: 'HANDLER_FAILED', message: 'later' } });
  });
});

describe('createEventRouter', () => {
  function eventRouter(options: Parameters<typeof createEventRouter>[2] = {}) {
    const happened = vi.fn((_payload: unknown, _context: HandlerContext) => undefined);
    const runHappened = vi.fn((_payload: unknown, _context: HandlerContext) => undefined);
    const router = createEventRouter(
      events,
      { 'demo/happened': happened, 'demo/run-happened': runHappened } as never,
      options,
    );
    return { router, happened, runHappened };
  }

  it('runs the handler with the parsed payload and a context without a requestId', async () => {
    const { router, happened } = eventRouter();
    const controller = new AbortController();
    const result = await router.handle(
      { type: 'demo/happened', payload: { n: 1 } },
      { sender: 'worker', signal: controller.signal, tabId: 2, frameId: 5 },
    );
    expect(result).toEqual({ ok: true, data: null });
    expect(happened).toHaveBeenCalledWith(
      { n: 1 },
      { sender: 'worker', signal: controller.signal, tabId: 2, frameId: 5 },
    );
    await router.handle({ type: 'demo/happened', payload: { n: 2 } }, { sender: 'worker' });
    const context = happened.mock.calls[1]![1];
    expect(Object.keys(context).sort()).toEqual(['sender', 'signal']);
    expect(context.signal.aborted).toBe(false);
  });

  it('passes the runId of a run-scoped event and drops events of runs that ended', async () => {
    const { router, runHappened } = eventRouter({ isActiveRun: (runId) => runId === 'run-1' });
    expect(
      await router.handle(
        { type: 'demo/run-happened', runId: 'run-1', payload: {} },
        { sender: 'worker' },
      ),
    ).toEqual({ ok: true, data: null });
    expect(runHappened.mock.calls[0]![1]).toMatchObject({ runId: 'run-1' });
    const stale = await router.handle(
      { type: 'demo/run-happened', runId: 'run-0', payload: {} },
      { sender: 'worker' },
    );
    expect(stale).toMatchObject({ ok: false, error: { code: 'STALE_RUN_ID' } });
    expect(runHappened).toHaveBeenCalledTimes(1);
  });

  it('accepts an event without a handler and refuses an unknown one', async () => {
    const { router } = eventRouter();
    expect(
      await router.handle({ type: 'demo/unhandled', payload: {} }, { sender: 'worker' }),
    ).toEqual({ ok: true, data: null });
    expect(
      await router.handle({ type: 'demo/other', payload: {} }, { sender: 'worker' }),
    ).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MESSAGE_TYPE' } });
  });

  it('refuses an invalid payload and a refused sender without running the handler', async () => {
    const { router, happened } = eventRouter();
    expect(
      await router.handle({ type: 'demo/happened', payload: { n: 'one' } }, { sender: 'worker' }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD_FIELD' } });
    expect(
      await router.handle({ type: 'demo/happened', payload: { n: 1 } }, { sender: 'page-main' }),
    ).toMatchObject({ ok: false, error: { code: 'SENDER_NOT_ALLOWED' } });
    expect(happened).not.toHaveBeenCalled();
  });

  it('turns a failing handler into a structured error', async () => {
    const router = createEventRouter(events, {
      'demo/happened': () => {
        throw new ProtocolFailure('CANCELLED', 'Stopped.');
      },
    } as never);
    expect(
      await router.handle({ type: 'demo/happened', payload: { n: 1 } }, { sender: 'worker' }),
    ).toEqual({ ok: false, error: { code: 'CANCELLED', message: 'Stopped.' } });
  });
});
