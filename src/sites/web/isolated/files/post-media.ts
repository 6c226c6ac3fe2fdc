// ## Owns
// The media of one post: the post a ref names, or else the page's main post (the
// article that takes the most of the viewport, as a post's own page shows it), its
// images and videos by their best addresses, repeats once, at most MAX_POST_MEDIA.
// ## Why images are judged by size
// A post shows its author's avatar, reaction emoji and icons beside its media; they
// are small where a post's media are not, and many sites name them so as well.
import { MAX_POST_MEDIA, type MediaResource } from '../../methods/media-methods';
import { describeElement } from '../act/hit-test';
import type { RefRegistry } from '../tree/refs';
import { resolveMedia } from './media-source';

/** Smallest side, in CSS pixels, of an image that can be a post's media. */
export const MIN_MEDIA_PX = 100;
/** Media elements looked at in one post, so a page of thousands answers at once. */
const MAX_LOOKED_AT = 2_000;

const SMALL_WORDS = /(?:^|[^a-z])(avatars?|emojis?|icons?|favicons?|profile_images)(?:[^a-z]|$)/i;

function visibleArea(element: Element): number {
  const box = element.getBoundingClientRect();
  const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return Math.max(0, width) * Math.max(0, height);
}

/** The post a page is about: the article most in view, else the main content. */
export function mainPost(root: Document = document): Element {
  let best: Element | null = null;
  let bestArea = -1;
  for (const article of root.querySelectorAll('article, [role="article"]')) {
    const area = visibleArea(article);
    // Nested articles (a quoted post) lose ties to the outer one, which came first.
    if (area > bestArea) {
      best = article;
      bestArea = area;
    }
  }
  return best ?? root.querySelector('main, [role="main"]') ?? root.body;
}

/** Whether an image is an icon, an avatar or an emoji rather than the post's media. */
export function isDecoration(image: HTMLImageElement): boolean {
  const box = image.getBoundingClientRect();
  // An image not laid out (a carousel's other slides) is judged by its own size.
  const laidOut = box.width > 0 || box.height > 0;
  const width = laidOut ? box.width : image.naturalWidth;
  const height = laidOut ? box.height : image.naturalHeight;
  if (width < MIN_MEDIA_PX || height < MIN_MEDIA_PX) return true;
  if (image.getAttribute('role') === 'presentation') return true;
  const words = `${image.className} ${image.alt} ${image.getAttribute('src') ?? ''}`;
  return SMALL_WORDS.test(words);
}

/** The address two sightings of one file share (a fragment names no other file). */
const sameFile = (url: string) => url.replace(/#.*$/, '');

export interface PostMedia {
  readonly container: string;
  readonly media: MediaResource[];
  readonly total: number;
  readonly skipped: number;
}

export function collectPostMedia(container: Element, refs: RefRegistry): PostMedia {
  const elements = container.matches('img, video, audio')
    ? [container]
    : [...container.querySelectorAll('img, video, audio')].slice(0, MAX_LOOKED_AT);
  const seen = new Set<string>();
  const media: MediaResource[] = [];
  let skipped = 0;
  for (const element of elements) {
    if (element instanceof HTMLImageElement && isDecoration(element)) {
      skipped += 1;
      continue;
    }
    const resource = resolveMedia(element, refs);
    if (!resource) continue;
    // A stream has no address to share; each player is its own.
    const key = resource.url ? sameFile(resource.url) : `stream:${resource.ref}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (media.length < MAX_POST_MEDIA) media.push(resource);
  }
  return { container: describeElement(container), media, total: seen.size, skipped };
}
