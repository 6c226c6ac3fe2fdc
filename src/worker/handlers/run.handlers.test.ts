import { describe, expect, it } from 'vitest';
import { defineRequestChannel } from '../../shared/protocol/define-channel';
import { createRequestRouter } from '../../shared/protocol/router';
import { runRequestMethods } from '../../shared/protocol/run-messages';
import { createHarness } from '../agent/__fixtures__/agent-harness';
import { createRunHandlers } from './run.handlers';

describe('run handlers', () => {
  it('check runIds: missing, unknown, stale', async () => {
    const h = await createHarness({ turns: [] });
    const router = createRequestRouter(
      defineRequestChannel('panel-to-worker', ['extension-page'], runRequestMethods),
      createRunHandlers({ agent: h.agent }),
    );
    const context = { sender: 'extension-page' as const };
    const identity = { tabId: 1, scope: { siteId: 'typst', projectId: 'p' }, sessionId: 's' };
    expect(
      await router.handle({ type: 'run/reserve', requestId: 'q1', payload: identity }, context),
    ).toMatchObject({ ok: false, error: { code: 'MISSING_RUN_ID' } });
    expect(
      await router.handle(
        { type: 'run/reserve', requestId: 'q2', runId: 'r1', payload: identity },
        context,
      ),
    ).toMatchObject({ ok: true, data: { reserved: true } });
    expect(
      await router.handle(
        {
          type: 'run/resolve',
          requestId: 'q3',
          runId: 'r1',
          payload: { callId: 'c', decision: 'deny' },
        },
        context,
      ),
    ).toMatchObject({ ok: false, error: { code: 'STALE_RUN_ID' } });
    const start = {
      ...identity,
      userTurnId: 'u',
      modelId: 'm',
      editMode: 'ask',
      file: null,
      selection: null,
      attachments: [],
      attachmentRecords: [],
    };
    expect(
      await router.handle(
        { type: 'run/start', requestId: 'q4', runId: 'r2', payload: start },
        context,
      ),
    ).toMatchObject({ ok: false, error: { code: 'RUN_NOT_RESERVED' } });
    expect(
      await router.handle(
        { type: 'run/cancel', requestId: 'q5', runId: 'r1', payload: {} },
        context,
      ),
    ).toMatchObject({ ok: true, data: { cancelled: true } });
    expect(
      await router.handle(
        { type: 'run/start', requestId: 'q6', runId: 'r1', payload: start },
        context,
      ),
    ).toMatchObject({ ok: true, data: { started: false, cancelled: true } });
    expect(
      await router.handle(
        { type: 'run/status', requestId: 'q7', payload: { scope: identity.scope, sessionId: 's' } },
        context,
      ),
    ).toMatchObject({ ok: true, data: null });
  });
});
