import { describe, expect, it, vi } from 'vitest';
import type { RunPage } from '../../../../worker/tools/define-tool';
import { captureForModel } from './capture-for-model';
import type { encodeScreenshot } from './screenshot-encode';

const encoded = {
  base64: 'QUJD',
  mediaType: 'image/jpeg' as const,
  width: 10,
  height: 5,
  capturedWidth: 20,
  capturedHeight: 10,
  quality: 0.75,
  bytes: 3,
};

function pageWith(captureVisible?: RunPage['captureVisible']): RunPage {
  return {
    tabId: 7,
    request: () => Promise.reject(new Error('not used')),
    ...(captureVisible ? { captureVisible } : {}),
  } as RunPage;
}

describe('captureForModel', () => {
  it('encodes the visible tab at the image budget', async () => {
    const encode = vi.fn(() => Promise.resolve(encoded)) as unknown as typeof encodeScreenshot;
    const page = pageWith(() =>
      Promise.resolve({
        ok: true,
        data: { dataUrl: 'data:image/png;base64,xx', url: 'https://a.example/' },
      }),
    );
    expect(await captureForModel(page, encode)).toEqual({
      type: 'image',
      mediaType: 'image/jpeg',
      base64: 'QUJD',
    });
    expect(encode).toHaveBeenCalledWith('data:image/png;base64,xx');
  });

  it('is no picture when the browser cannot capture, the capture fails or encoding fails', async () => {
    const encode = vi.fn(() =>
      Promise.reject(new Error('too large')),
    ) as unknown as typeof encodeScreenshot;
    expect(await captureForModel(pageWith(), encode)).toBeNull();
    const refused = pageWith(() =>
      Promise.resolve({ ok: false, error: { code: 'CAPTURE_UNAVAILABLE', message: 'no' } }),
    );
    expect(await captureForModel(refused, encode)).toBeNull();
    const works = pageWith(() =>
      Promise.resolve({ ok: true, data: { dataUrl: 'data:,', url: 'https://a.example/' } }),
    );
    expect(await captureForModel(works, encode)).toBeNull();
  });
});
