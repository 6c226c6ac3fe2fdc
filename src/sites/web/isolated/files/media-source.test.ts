// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MEDIA_URL_CHARS } from '../../methods/media-methods';
import { createRefRegistry } from '../tree/refs';
import { largestCandidate, mediaElementOf, parseSrcset, resolveMedia } from './media-source';

afterEach(() => {
  document.body.innerHTML = '';
});

const one = (html: string, selector: string) => {
  document.body.innerHTML = html;
  return document.querySelector(selector)!;
};

describe('srcset candidates', () => {
  it('keeps commas inside an address and reads width and density descriptors', () => {
    const parsed = parseSrcset(
      'https://cdn.example/w_320,h_200/a.jpg 320w, https://cdn.example/w_1280,h_800/a.jpg 1280w,https://cdn.example/w_640,h_400/a.jpg 640w',
    );
    expect(parsed.map((candidate) => [candidate.url, candidate.width])).toEqual([
      ['https://cdn.example/w_320,h_200/a.jpg', 320],
      ['https://cdn.example/w_1280,h_800/a.jpg', 1280],
      ['https://cdn.example/w_640,h_400/a.jpg', 640],
    ]);
    expect(largestCandidate(parsed)).toBe('https://cdn.example/w_1280,h_800/a.jpg');
    expect(largestCandidate(parseSrcset('a.png, b.png 3x, c.png 2x'))).toBe('b.png');
    expect(largestCandidate(parseSrcset(''))).toBeNull();
  });
});

describe('the resource an element holds', () => {
  it("takes an image's largest candidate, its picture's sources included, as an absolute address", () => {
    const refs = createRefRegistry();
    const image = one(
      `<picture><source srcset="/big.webp 2000w, /mid.webp 1000w" type="image/webp">
        <img src="/small.jpg" srcset="/small.jpg 400w, /medium.jpg 800w" alt="Sunset"></picture>`,
      'img',
    );
    expect(resolveMedia(image, refs)).toMatchObject({
      kind: 'image',
      url: `${location.origin}/big.webp`,
      streaming: false,
      ref: refs.numberOf(image),
    });
    // The picture (or one of its sources) stands for its image.
    expect(resolveMedia(document.querySelector('picture')!, refs)?.ref).toBe(refs.numberOf(image));
    expect(resolveMedia(document.querySelector('source')!, refs)?.ref).toBe(refs.numberOf(image));
  });

  it("uses a plain image's src and a link's download name", () => {
    const refs = createRefRegistry();
    expect(resolveMedia(one('<img src="https://img.example/cat.png">', 'img'), refs)?.url).toBe(
      'https://img.example/cat.png',
    );
    const link = one('<a href="blob:https://x.example/1234" download="report.csv">Export</a>', 'a');
    expect(resolveMedia(link, refs)).toMatchObject({
      kind: 'file',
      url: 'blob:https://x.example/1234',
      downloadName: 'report.csv',
    });
  });

  it("reads a video's source and marks playlists as streams", () => {
    const refs = createRefRegistry();
    const video = one('<video><source src="/clip.mp4" type="video/mp4"></video>', 'video');
    expect(resolveMedia(video, refs)).toMatchObject({
      kind: 'video',
      url: `${location.origin}/clip.mp4`,
      streaming: false,
    });
    const hls = one('<video src="https://v.example/live/index.m3u8?token=1"></video>', 'video');
    expect(resolveMedia(hls, refs)?.streaming).toBe(true);
    const typed = one(
      '<video><source src="/master.txt" type="application/x-mpegURL"></video>',
      'video',
    );
    expect(resolveMedia(typed, refs)?.streaming).toBe(true);
  });

  it('refuses elements that hold no media, and a box of several', () => {
    const refs = createRefRegistry();
    expect(resolveMedia(one('<button>Like</button>', 'button'), refs)).toBeNull();
    expect(resolveMedia(one('<a href="/post/1">Open</a>', 'a'), refs)).toBeNull();
    expect(
      mediaElementOf(one('<div><img src="/a.png"><img src="/b.png"></div>', 'div')),
    ).toBeNull();
    expect(mediaElementOf(one('<figure><img src="/a.png"></figure>', 'figure'))?.localName).toBe(
      'img',
    );
  });

  it('shortens a long data: address to a head that can cross', () => {
    const refs = createRefRegistry();
    const long = `data:image/png;base64,${'A'.repeat(MAX_MEDIA_URL_CHARS * 2)}`;
    const resolved = resolveMedia(one(`<img src="${long}">`, 'img'), refs)!;
    expect(resolved.url.length).toBeLessThanOrEqual(MAX_MEDIA_URL_CHARS);
    expect(resolved.url.startsWith('data:image/png;base64,')).toBe(true);
  });
});
