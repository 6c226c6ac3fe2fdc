// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_POST_MEDIA } from '../../methods/media-methods';
import { createRefRegistry } from '../tree/refs';
import { collectPostMedia, mainPost } from './post-media';

// happy-dom has no layout: an element's box is what its data-box attribute says
// ("x y width height"), else 0 × 0.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const [x = 0, y = 0, width = 0, height = 0] = (this.getAttribute('data-box') ?? '')
      .split(' ')
      .map(Number);
    return new DOMRect(x, y, width, height);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const BIG = 'data-box="0 0 600 400"';

describe("a post's media", () => {
  it('leaves out avatars, emoji and icons, and keeps each file once at its largest source', () => {
    document.body.innerHTML = `<article ${BIG}>
      <img src="https://pbs.example/profile_images/1/me_400x400.jpg" data-box="0 0 48 48" alt="Ada">
      <img src="https://pbs.example/emoji/2764.png" data-box="0 0 18 18" alt="❤">
      <img class="avatar-ring" src="/face.jpg" data-box="0 0 160 160">
      <img src="https://pbs.example/media/A.jpg?name=small" srcset="https://pbs.example/media/A.jpg?name=small 680w, https://pbs.example/media/A.jpg?name=large 2048w" ${BIG}>
      <img src="https://pbs.example/media/A.jpg?name=small" srcset="https://pbs.example/media/A.jpg?name=large 2048w" ${BIG}>
      <video src="https://video.example/clip.mp4" ${BIG}></video>
    </article>`;
    const found = collectPostMedia(document.querySelector('article')!, createRefRegistry());
    expect(found.media.map((media) => [media.kind, media.url])).toEqual([
      ['image', 'https://pbs.example/media/A.jpg?name=large'],
      ['video', 'https://video.example/clip.mp4'],
    ]);
    expect(found).toMatchObject({ total: 2, skipped: 3 });
  });

  it(`keeps at most ${MAX_POST_MEDIA} of 500 images and counts them all`, () => {
    document.body.innerHTML = `<article ${BIG}>${Array.from(
      { length: 500 },
      (_image, index) => `<img src="https://img.example/${index}.jpg" ${BIG}>`,
    ).join('')}</article>`;
    const found = collectPostMedia(document.querySelector('article')!, createRefRegistry());
    expect(found.media).toHaveLength(MAX_POST_MEDIA);
    expect(found.total).toBe(500);
    expect(found.media[9]?.url).toBe('https://img.example/9.jpg');
  });

  it('takes the article most in view as the main post, else the main content', () => {
    document.body.innerHTML = `
      <article id="above" data-box="0 -900 600 1000"></article>
      <article id="shown" data-box="0 100 600 700"></article>
      <article id="below" data-box="0 1200 600 900"></article>`;
    expect(mainPost().id).toBe('shown');
    document.body.innerHTML = '<nav></nav><main id="content"></main>';
    expect(mainPost().id).toBe('content');
  });
});
