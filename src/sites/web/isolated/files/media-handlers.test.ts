// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../../../shared/protocol/define-channel';
import { createRefRegistry } from '../tree/refs';
import { startMediaHandlers } from './media-handlers';
import type { BlobReader } from './page-file';

afterEach(() => {
  document.body.innerHTML = '';
});

const context = { signal: new AbortController().signal } as HandlerContext;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2];

function rig(html: string, readBlob: BlobReader) {
  document.body.innerHTML = html;
  const refs = createRefRegistry();
  const handlers = startMediaHandlers(refs, readBlob);
  const element = document.body.firstElementChild!;
  const ref = refs.numberOf(element);
  const bytes = async () => {
    const found = await handlers['web/media-resource']({ ref }, context);
    if (found.status !== 'found') return found;
    return handlers['web/media-bytes'](
      { ref: found.resource.ref, url: found.resource.url },
      context,
    );
  };
  return { handlers, ref, bytes, element };
}

const noBlobs: BlobReader = async () => {
  throw new Error('not expected');
};

describe('the bytes of a page-held resource', () => {
  it('reads a blob: image the page made, exactly', async () => {
    const blobs: string[] = [];
    const { bytes } = rig('<img src="blob:https://shop.example/5e1f">', async (url) => {
      blobs.push(url);
      return new Blob([new Uint8Array(PNG)], { type: 'image/png' });
    });
    const read = await bytes();
    expect(read).toMatchObject({ status: 'read', type: 'image/png', size: PNG.length });
    expect([...Buffer.from((read as { base64: string }).base64, 'base64')]).toEqual(PNG);
    expect(blobs).toEqual(['blob:https://shop.example/5e1f']);
  });

  it('refuses a 2 GB blob by its size, without reading it', async () => {
    let pulled = false;
    const huge = {
      size: 2 * 1024 ** 3,
      type: 'video/mp4',
      arrayBuffer: async () => {
        pulled = true;
        return new ArrayBuffer(0);
      },
    } as unknown as Blob;
    const { bytes } = rig('<video src="blob:https://v.example/1"></video>', async () => huge);
    expect(await bytes()).toEqual({ status: 'too-large', size: 2 * 1024 ** 3 });
    expect(pulled).toBe(false);
  });

  it('says revoked for an image and stream for a player when a blob cannot be read', async () => {
    const gone: BlobReader = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await rig('<img src="blob:https://x.example/1">', gone).bytes()).toEqual({
      status: 'unreadable',
      why: 'revoked',
    });
    expect(await rig('<video src="blob:https://x.example/2"></video>', gone).bytes()).toEqual({
      status: 'unreadable',
      why: 'stream',
    });
  });

  it('decodes data: addresses, base64 or not, and refuses a malformed one', async () => {
    const text = await rig(
      '<a href="data:text/csv,a%2Cb%0A1%2C2" download="t.csv">T</a>',
      noBlobs,
    ).bytes();
    expect(text).toMatchObject({ status: 'read', type: 'text/csv', size: 7 });
    expect(Buffer.from((text as { base64: string }).base64, 'base64').toString()).toBe('a,b\n1,2');
    const png = Buffer.from(PNG).toString('base64');
    expect(await rig(`<img src="data:image/png;base64,${png}">`, noBlobs).bytes()).toMatchObject({
      status: 'read',
      type: 'image/png',
      size: PNG.length,
    });
    expect(await rig('<img src="data:image/png;base64,%%%">', noBlobs).bytes()).toEqual({
      status: 'unreadable',
      why: 'malformed',
    });
  });

  it('leaves network addresses to the worker and answers gone when the element changed', async () => {
    const { handlers, ref, element } = rig('<img src="https://img.example/a.png">', noBlobs);
    const url = 'https://img.example/a.png';
    expect(await handlers['web/media-bytes']({ ref, url }, context)).toEqual({
      status: 'network',
      url,
    });
    element.setAttribute('src', 'data:image/png;base64,AAAA');
    expect(await handlers['web/media-bytes']({ ref, url }, context)).toEqual({ status: 'gone' });
    const button = rig('<button>Like</button>', noBlobs);
    expect(await button.handlers['web/media-resource']({ ref: button.ref }, context)).toMatchObject(
      { status: 'not-media' },
    );
  });
});
