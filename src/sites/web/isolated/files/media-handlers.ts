// ## Owns
// The media downloads' page part in one frame: what resource a ref names, a post's
// media, and the bytes of a blob: or data: resource. The worker decides whether to
// save and asks the person; this reports and reads only what it was asked for.
// ## Never
// Reads an address other than the one the element holds now: a request names the
// address the worker reviewed, and an element that changed since is answered "gone".
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { mediaMethods } from '../../methods/media-methods';
import { describeElement } from '../act/hit-test';
import type { RefRegistry } from '../tree/refs';
import { mediaAddress, resolveMedia, shortUrl } from './media-source';
import { fetchBlob, readBlobUrl, readDataUrl, type BlobReader } from './page-file';
import { collectPostMedia, mainPost } from './post-media';

type Channel = RequestChannel<typeof mediaMethods>;

export function startMediaHandlers(
  refs: RefRegistry,
  readBlob: BlobReader = fetchBlob,
): RequestHandlers<Channel> {
  return {
    'web/media-resource': ({ ref }) => {
      const element = refs.elementOf(ref);
      if (!element) return { status: 'gone' };
      const resource = resolveMedia(element, refs);
      if (!resource) return { status: 'not-media', target: describeElement(element) };
      return { status: 'found', resource };
    },
    'web/post-media': ({ ref }) => {
      const container = ref === undefined ? mainPost() : refs.elementOf(ref);
      if (!container) return { status: 'gone' };
      return { status: 'found', ...collectPostMedia(container, refs) };
    },
    'web/media-bytes': async ({ ref, url }, context) => {
      const element = refs.elementOf(ref);
      if (!element) return { status: 'gone' };
      const found = mediaAddress(element);
      if (!found) return { status: 'not-media', target: describeElement(element) };
      if (shortUrl(found.url) !== url) return { status: 'gone' };
      const whole = found.url;
      if (/^https?:/i.test(whole)) return { status: 'network', url };
      if (/^data:/i.test(whole)) return readDataUrl(whole);
      if (/^blob:/i.test(whole))
        return readBlobUrl(
          whole,
          found.media instanceof HTMLMediaElement,
          readBlob,
          context.signal,
        );
      return { status: 'unreadable', why: 'malformed' };
    },
  };
}
