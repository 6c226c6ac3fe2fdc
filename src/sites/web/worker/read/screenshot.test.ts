import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../shared/protocol/envelope';
import { contextFor, resultOf, run } from './__fixtures__/read-context';
import { NO_VISION_NOTE } from './screenshot.tool';

describe('screenshot', () => {
  it('takes no capture for a model that cannot see images and says so', async () => {
    let captured = 0;
    const { context } = contextFor(
      {},
      {
        supportsVision: false,
        page: {
          tabId: 1,
          request: async () => ({ ok: true, data: {} }) as never,
          captureVisible: async () => (
            (captured += 1),
            { ok: true, data: { dataUrl: '', url: '' } }
          ),
        },
      },
    );
    const result = resultOf(await run('screenshot', {}, context));
    expect(result).toEqual({ image_sent: false, note: NO_VISION_NOTE });
    expect(captured).toBe(0);
  });

  it('passes on a capture refusal and refuses an image the browser did not return', async () => {
    const page = (data: Result<{ dataUrl: string; url: string }>) => ({
      tabId: 1,
      request: async () => ({ ok: true as const, data: {} }) as never,
      captureVisible: async () => data,
    });
    const refused = contextFor(
      {},
      {
        supportsVision: true,
        page: page({
          ok: false,
          error: { code: 'CAPTURE_UNAVAILABLE', message: 'Not the visible tab.' },
        }),
      },
    ).context;
    expect(await run('screenshot', {}, refused)).toMatchObject({
      ok: false,
      code: 'CAPTURE_UNAVAILABLE',
    });
    const garbage = contextFor(
      {},
      {
        supportsVision: true,
        page: page({ ok: true, data: { dataUrl: 'data:text/html,<b>x</b>', url: 'https://a/' } }),
      },
    ).context;
    expect(await run('screenshot', {}, garbage)).toMatchObject({
      ok: false,
      code: 'CAPTURE_UNAVAILABLE',
    });
  });
});
