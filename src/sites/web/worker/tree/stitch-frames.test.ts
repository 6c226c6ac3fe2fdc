import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../shared/protocol/envelope';
import type { KnownFrame } from '../../../../worker/tools/define-tool';
import type { WalkResult } from '../../methods/tree-methods';
import { MAX_FRAMES, stitchFrames, type FrameSource } from './stitch-frames';
import { observationNotes } from './tree-notes';

function walk(
  lines: { text: string; ref?: number; frame?: string | null; src?: string }[],
): WalkResult {
  const frames = lines.flatMap((line, index) =>
    line.frame === undefined
      ? []
      : [{ line: index, depth: 0, token: line.frame, src: line.src ?? 'about:blank' }],
  );
  return {
    url: 'https://shop.example/',
    title: 'Shop',
    text: lines.map((line) => line.text).join('\n'),
    refs: lines.map((line) => line.ref ?? 0),
    frames,
    points: [],
    counts: {
      visited: 3,
      lines: lines.length,
      hidden: 2,
      above: 0,
      below: 5,
      left: 0,
      right: 0,
      framesOmitted: 0,
    },
    cut: null,
    missingRoot: null,
    viewport: { width: 800, height: 600 },
    walkMs: 1,
  };
}

const frame = (index: number, token: string): KnownFrame => ({
  frameId: index * 10,
  documentId: `doc-${index}`,
  index,
  linkToken: token,
  url: `https://f${index}.example/`,
});

function source(
  walks: Map<string, WalkResult | Result<WalkResult>>,
  frames: KnownFrame[],
  covered: Map<number, string> = new Map(),
): FrameSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async walk(target, _root, prefix) {
      const key = target?.documentId ?? 'top';
      asked.push(`${key}${prefix}`);
      const found = walks.get(key);
      if (!found) return { ok: false, error: { code: 'PAGE_UNAVAILABLE', message: 'gone' } };
      return 'ok' in found ? found : { ok: true, data: found };
    },
    async frameOf(token) {
      return frames.find((candidate) => candidate.linkToken === token) ?? null;
    },
    async hitTest(_holder, _frameRef, points) {
      return points.map((point, index) => ({ coveredBy: covered.get(index) ?? null, ...point }));
    },
  };
}

describe('stitchFrames', () => {
  it('puts each frame walk under its iframe line, one level deeper, with frame-prefixed refs', async () => {
    const top = walk([
      { text: 'heading "Shop" [e1]', ref: 1 },
      { text: 'iframe "Pay" [e2]', ref: 2, frame: 'tok-a' },
      { text: 'button "Buy" [e3]', ref: 3 },
    ]);
    const child = walk([{ text: 'textbox "Card" [f4:e1]', ref: 1 }]);
    const stitched = await stitchFrames(
      source(
        new Map([
          ['top', top],
          ['doc-4', child],
        ]),
        [frame(4, 'tok-a')],
      ),
      { frame: null, root: null },
    );
    expect(stitched.ok && stitched.data.lines).toEqual([
      'heading "Shop" [e1]',
      'iframe "Pay" [e2]',
      ' textbox "Card" [f4:e1]',
      'button "Buy" [e3]',
    ]);
    expect(stitched.ok && stitched.data.refs).toEqual(['e1', 'e2', 'f4:e1', 'e3']);
    expect(stitched.ok && stitched.data.counts.hidden).toBe(4);
    expect(stitched.ok && stitched.data.counts.below).toBe(5);
  });

  it('reads nested frames level by level and notes frames it cannot read', async () => {
    const top = walk([
      { text: 'iframe [e1]', ref: 1, frame: 'a' },
      { text: 'iframe [e2]', ref: 2, frame: null },
      { text: 'iframe [e3]', ref: 3, frame: 'gone' },
    ]);
    const a = walk([{ text: 'iframe [f1:e1]', ref: 1, frame: 'b' }]);
    const b = walk([{ text: 'button "Deep" [f2:e1]', ref: 1 }]);
    const stitched = await stitchFrames(
      source(
        new Map([
          ['top', top],
          ['doc-1', a],
          ['doc-2', b],
        ]),
        [frame(1, 'a'), frame(2, 'b'), frame(3, 'gone')],
      ),
      { frame: null, root: null },
    );
    if (!stitched.ok) throw new Error('not stitched');
    expect(stitched.data.lines).toEqual([
      'iframe [e1]',
      ' iframe [f1:e1]',
      '  button "Deep" [f2:e1]',
      'iframe [e2]',
      ' # frame not read: its document is not one Side Agent may read here, or it has not loaded',
      'iframe [e3]',
      ' # frame not read: it did not answer (PAGE_UNAVAILABLE)',
    ]);
    expect(stitched.data.frames).toEqual({ read: 3, unread: 2 });
    // Only the frame no relay of ours showed is one a grant could open.
    expect(stitched.data.unlinked).toEqual(['about:blank']);
  });

  it('counts a frame the person has not allowed as unread for want of a grant, whatever answered', async () => {
    const top = walk([{ text: 'iframe [e1]', ref: 1, frame: 'a', src: 'https://ads.example/' }]);
    const refused: Result<WalkResult> = {
      ok: false,
      error: { code: 'PAGE_NOT_GRANTED', message: 'not allowed in that frame' },
    };
    const stitched = await stitchFrames(
      source(
        new Map<string, WalkResult | Result<WalkResult>>([
          ['top', top],
          ['doc-1', refused],
        ]),
        [frame(1, 'a')],
      ),
      { frame: null, root: null },
    );
    if (!stitched.ok) throw new Error('not stitched');
    expect(stitched.data.lines[1]).toBe(
      ' # frame not read: its document is not one Side Agent may read here, or it has not loaded (frame site: ads.example)',
    );
    expect(stitched.data.unlinked).toEqual(['https://ads.example/']);
  });

  it('names an unread frame\u2019s site and marks a CAPTCHA frame as the person\u2019s to solve', async () => {
    const top = walk([
      {
        text: 'iframe "Map" [e1]',
        ref: 1,
        frame: null,
        src: 'https://maps.example/embed?key=s3cret',
      },
      {
        text: 'iframe "reCAPTCHA" [e2]',
        ref: 2,
        frame: null,
        src: 'https://www.google.com/recaptcha/api2/anchor?k=abc',
      },
    ]);
    const stitched = await stitchFrames(source(new Map([['top', top]]), []), {
      frame: null,
      root: null,
    });
    if (!stitched.ok) throw new Error('not stitched');
    expect(stitched.data.lines).toEqual([
      'iframe "Map" [e1]',
      ' # frame not read: its document is not one Side Agent may read here, or it has not loaded (frame site: maps.example)',
      'iframe "reCAPTCHA" [e2]',
      ' # frame not read: a human check (reCAPTCHA) from www.google.com; only the person may solve it',
    ]);
    expect(stitched.data.lines.join('\n')).not.toContain('s3cret');
    expect(stitched.data.humanChecks).toEqual(['reCAPTCHA']);
    expect(stitched.data.unlinked).toEqual([
      'https://maps.example/embed?key=s3cret',
      'https://www.google.com/recaptcha/api2/anchor?k=abc',
    ]);
    expect(observationNotes(stitched.data, 'all').join(' ')).toContain(
      'A human check (reCAPTCHA) is on this page.',
    );
  });

  it('marks a CAPTCHA frame it could read too, above the widget\u2019s own lines', async () => {
    const top = walk([
      {
        text: 'iframe "hCaptcha" [e1]',
        ref: 1,
        frame: 'a',
        src: 'https://newassets.hcaptcha.com/captcha/v1/x/static/hcaptcha.html',
      },
    ]);
    const widget = walk([{ text: 'checkbox "I am human" [f1:e1]', ref: 1 }]);
    const stitched = await stitchFrames(
      source(
        new Map([
          ['top', top],
          ['doc-1', widget],
        ]),
        [frame(1, 'a')],
      ),
      { frame: null, root: null },
    );
    if (!stitched.ok) throw new Error('not stitched');
    expect(stitched.data.lines).toEqual([
      'iframe "hCaptcha" [e1]',
      ' # a human check (hCaptcha) follows; only the person may solve it',
      ' checkbox "I am human" [f1:e1]',
    ]);
    expect(stitched.data.refs).toEqual(['e1', '', 'f1:e1']);
    expect(stitched.data.humanChecks).toEqual(['hCaptcha']);
    expect(observationNotes(stitched.data, 'all').join(' ')).toContain(
      'A human check (hCaptcha) is on this page. Do not click or try to solve it',
    );
  });

  it('never reads one document twice, even when a page links it under every frame (a cycle)', async () => {
    const looping = walk([{ text: 'iframe [f1:e1]', ref: 1, frame: 'loop' }]);
    const top = walk([
      { text: 'iframe [e1]', ref: 1, frame: 'loop' },
      { text: 'iframe [e2]', ref: 2, frame: 'loop' },
    ]);
    const fake = source(
      new Map([
        ['top', top],
        ['doc-1', looping],
      ]),
      [frame(1, 'loop')],
    );
    const stitched = await stitchFrames(fake, { frame: null, root: null });
    if (!stitched.ok) throw new Error('not stitched');
    expect(fake.asked).toEqual(['top', 'doc-1f1:']);
    expect(stitched.data.lines.filter((line) => line.includes('already shown'))).toHaveLength(2);
  });

  it(`stops at ${MAX_FRAMES} frames and names the rest`, async () => {
    const many = Array.from({ length: MAX_FRAMES + 5 }, (_value, index) => ({
      text: `iframe [e${index + 1}]`,
      ref: index + 1,
      frame: `t${index}`,
    }));
    const walks = new Map<string, WalkResult>([['top', walk(many)]]);
    const frames = many.map((_line, index) => frame(index + 1, `t${index}`));
    for (const known of frames) walks.set(known.documentId, walk([{ text: 'text "x"' }]));
    const stitched = await stitchFrames(source(walks, frames), { frame: null, root: null });
    if (!stitched.ok) throw new Error('not stitched');
    expect(stitched.data.frames.read).toBe(MAX_FRAMES);
    expect(stitched.data.lines.filter((line) => line.includes('too many frames'))).toHaveLength(6);
  });

  it('marks a frame control that the parent page covers', async () => {
    const top = walk([{ text: 'iframe [e1]', ref: 1, frame: 'a' }]);
    const child = {
      ...walk([{ text: 'button "Pay" [f1:e7]', ref: 7 }]),
      points: [{ ref: 7, x: 10, y: 10 }],
    };
    const stitched = await stitchFrames(
      source(
        new Map([
          ['top', top],
          ['doc-1', child],
        ]),
        [frame(1, 'a')],
        new Map([[0, 'dialog "Cookies"']]),
      ),
      { frame: null, root: null },
    );
    expect(stitched.ok && stitched.data.lines[1]).toBe(
      ' button "Pay" [f1:e7] covered-by dialog "Cookies"',
    );
  });

  it('returns the top walk failure as is', async () => {
    const stitched = await stitchFrames(source(new Map(), []), { frame: null, root: null });
    expect(stitched).toMatchObject({ ok: false, error: { code: 'PAGE_UNAVAILABLE' } });
  });
});
