// ## Owns
// Which resource an element holds and its best address: an image's largest srcset
// candidate (its <picture>'s sources too), a video's or audio's playing source, a
// link's download, an object's or embed's file. Streaming sources (HLS and DASH
// playlists, a MediaStream) are marked, since they are no single file.
// ## Never
// Fetches anything: it reads attributes and the element's own state.
import {
  MAX_MEDIA_URL_CHARS,
  type MediaKind,
  type MediaResource,
} from '../../methods/media-methods';
import { describeElement } from '../act/hit-test';
import type { RefRegistry } from '../tree/refs';

interface Candidate {
  readonly url: string;
  /** Width descriptor ("800w"), 0 when none. */
  readonly width: number;
  /** Density descriptor ("2x"), 1 when none. */
  readonly density: number;
}

/**
 * The candidates of a srcset, parsed as the HTML standard does: an address runs to
 * the next white space (so commas inside one, as image CDNs write them, stay), and
 * descriptors run to the next comma outside parentheses.
 */
export function parseSrcset(srcset: string): Candidate[] {
  const found: Candidate[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && /[\s,]/.test(srcset[at]!)) at += 1;
    if (at >= srcset.length) break;
    const start = at;
    while (at < srcset.length && !/\s/.test(srcset[at]!)) at += 1;
    let url = srcset.slice(start, at);
    let descriptors = '';
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      const from = at;
      let depth = 0;
      while (at < srcset.length && (srcset[at] !== ',' || depth > 0)) {
        if (srcset[at] === '(') depth += 1;
        if (srcset[at] === ')') depth = Math.max(0, depth - 1);
        at += 1;
      }
      descriptors = srcset.slice(from, at).trim();
      at += 1;
    }
    const width = /(?:^|\s)(\d+)w(?:\s|$)/.exec(descriptors);
    const density = /(?:^|\s)(\d*\.?\d+)x(?:\s|$)/.exec(descriptors);
    if (url)
      found.push({
        url,
        width: width ? Number(width[1]) : 0,
        density: density ? Number(density[1]) : 1,
      });
  }
  return found;
}

/** The largest candidate: by width when any candidate says one, else by density. */
export function largestCandidate(candidates: readonly Candidate[]): string | null {
  if (candidates.length === 0) return null;
  const byWidth = candidates.some((candidate) => candidate.width > 0);
  let best = candidates[0]!;
  for (const candidate of candidates) {
    const larger = byWidth ? candidate.width > best.width : candidate.density > best.density;
    if (larger) best = candidate;
  }
  return best.url;
}

const absolute = (url: string, element: Element) => {
  try {
    return new URL(url, element.ownerDocument.baseURI).href;
  } catch {
    return '';
  }
};

/** An address short enough to cross; a long data: address keeps its head and length. */
export function shortUrl(url: string): string {
  if (url.length <= MAX_MEDIA_URL_CHARS) return url;
  return `${url.slice(0, 200)}\u2026(${url.length} characters)`;
}

const sourceMatches = (source: HTMLSourceElement) => {
  const media = source.getAttribute('media');
  return !media || (globalThis.matchMedia?.(media).matches ?? true);
};

/** An image's best address: the largest candidate its srcset and picture offer. */
export function bestImageUrl(image: HTMLImageElement): string {
  const sets = [image.getAttribute('srcset') ?? ''];
  if (image.parentElement?.localName === 'picture')
    for (const source of image.parentElement.querySelectorAll('source'))
      if (sourceMatches(source)) sets.push(source.getAttribute('srcset') ?? '');
  const candidates = sets.flatMap(parseSrcset);
  const largest = largestCandidate(candidates);
  const plain = image.currentSrc || image.getAttribute('src') || '';
  // A srcset of one plain candidate says nothing a loaded image does not.
  const chosen = candidates.length > 0 && largest ? largest : plain;
  return absolute(chosen, image);
}

const STREAM_ADDRESS = /\.(m3u8|mpd)(?:[?#]|$)/i;
const STREAM_TYPE = /mpegurl|dash\+xml/i;

/** A video's or audio's playing address, and whether it is a stream rather than a file. */
function playedSource(player: HTMLMediaElement): { url: string; streaming: boolean } {
  const sources = [...player.querySelectorAll('source')].filter((source) =>
    source.getAttribute('src'),
  );
  const own = player.currentSrc || player.getAttribute('src') || '';
  const first = sources[0]?.getAttribute('src');
  const url = own ? absolute(own, player) : first ? absolute(first, player) : '';
  const from = sources.find((source) => absolute(source.getAttribute('src')!, player) === url);
  const typed = STREAM_TYPE.test(from?.getAttribute('type') ?? '');
  // A MediaStream (a camera, a call) has no address and no end.
  const stream = player.srcObject !== null && player.srcObject !== undefined;
  return { url, streaming: stream || typed || STREAM_ADDRESS.test(url) };
}

/** The element whose resource a ref stands for: itself, a picture's image, its one media child. */
export function mediaElementOf(element: Element): Element | null {
  const name = element.localName;
  if (['img', 'video', 'audio', 'object', 'embed'].includes(name)) return element;
  if (name === 'source')
    return element.parentElement ? mediaElementOf(element.parentElement) : null;
  if (name === 'a' && element.hasAttribute('download') && element.getAttribute('href'))
    return element;
  const inside = element.querySelectorAll('img, video, audio');
  return inside.length === 1 ? inside[0]! : null;
}

function addressOf(element: Element): { kind: MediaKind; url: string; streaming: boolean } {
  if (element instanceof HTMLImageElement)
    return { kind: 'image', url: bestImageUrl(element), streaming: false };
  if (element instanceof HTMLMediaElement)
    return {
      kind: element.localName === 'audio' ? 'audio' : 'video',
      ...playedSource(element),
    };
  const attribute =
    element.localName === 'a' ? 'href' : element.localName === 'object' ? 'data' : 'src';
  return {
    kind: 'file',
    url: absolute(element.getAttribute(attribute) ?? '', element),
    streaming: false,
  };
}

export interface MediaAddress {
  readonly media: Element;
  readonly kind: MediaKind;
  /** The whole address, however long. */
  readonly url: string;
  readonly streaming: boolean;
}

/** The media element the element stands for and its whole address, or null. */
export function mediaAddress(element: Element): MediaAddress | null {
  const media = mediaElementOf(element);
  if (!media) return null;
  const { kind, url, streaming } = addressOf(media);
  if (!url && !streaming) return null;
  return { media, kind, url, streaming };
}

/** The resource the element names, or null when it holds none. */
export function resolveMedia(element: Element, refs: RefRegistry): MediaResource | null {
  const found = mediaAddress(element);
  if (!found) return null;
  const { media } = found;
  const box = media.getBoundingClientRect();
  return {
    ref: refs.numberOf(media),
    kind: found.kind,
    url: shortUrl(found.url),
    streaming: found.streaming,
    downloadName: (media.getAttribute('download') ?? '').slice(0, 255),
    width: Math.round(Math.max(0, box.width)),
    height: Math.round(Math.max(0, box.height)),
    target: describeElement(media),
  };
}
