import { describe, expect, it } from 'vitest';
import {
  canonicalArguments,
  createLoopDetector,
  loopNote,
  loopStopMessage,
  pointTarget,
  type CallObservation,
  type LoopVerdict,
} from './loop-detector';
import { LOOP_THRESHOLDS } from './loop-thresholds';

const call = (name: string, args: unknown = {}, outcome = 'ok', extra = {}): CallObservation => ({
  name,
  arguments: args,
  outcome,
  ...extra,
});
const kinds = (verdicts: LoopVerdict[]) => verdicts.map((verdict) => verdict.kind);

describe('the thresholds', () => {
  it('are the agreed numbers', () => {
    expect(LOOP_THRESHOLDS).toEqual({
      repeatWindow: 6,
      repeatNudgeAt: 3,
      repeatStopAtNudges: 8,
      healthyToReset: 2,
      targetWindow: 12,
      targetNudgeAt: 5,
      targetStopAt: 8,
      pointBucketPx: 5,
      bounceNudgeAt: 2,
      bounceStopAt: 4,
    });
  });
});

describe('the repeat detector', () => {
  it('nudges on the third identical call with the same outcome, naming the call', () => {
    const detector = createLoopDetector();
    const verdicts = [1, 2, 3].map(() =>
      detector.observe(call('click', { ref: 'e12' }, 'INPUT_TARGET_COVERED')),
    );
    expect(kinds(verdicts)).toEqual(['none', 'none', 'nudge']);
    expect(verdicts[2]).toMatchObject({ detector: 'repeat' });
    expect(verdicts[2]!.kind !== 'none' && verdicts[2]!.what).toContain('click {"ref":"e12"}');
  });

  it('does not count the same call whose outcome changed, nor the same keys in another order', () => {
    const detector = createLoopDetector();
    expect(
      kinds([
        detector.observe(call('read_page', {}, 'ok')),
        detector.observe(call('read_page', {}, 'PAGE_UNAVAILABLE')),
        detector.observe(call('read_page', {}, 'ok')),
      ]),
    ).toEqual(['none', 'none', 'none']);
    expect(canonicalArguments({ b: 1, a: { d: 2, c: 3 } })).toBe(
      canonicalArguments({ a: { c: 3, d: 2 }, b: 1 }),
    );
    const ordered = createLoopDetector();
    ordered.observe(call('type', { ref: 'e1', text: 'x' }));
    ordered.observe(call('type', { text: 'x', ref: 'e1' }));
    expect(ordered.observe(call('type', { ref: 'e1', text: 'x' })).kind).toBe('nudge');
  });

  it('nudges on two calls taking turns (ABAB)', () => {
    const detector = createLoopDetector();
    const verdicts = ['open', 'close', 'open', 'close'].map((name) => detector.observe(call(name)));
    expect(kinds(verdicts)).toEqual(['none', 'none', 'none', 'nudge']);
    expect(verdicts[3]!.kind !== 'none' && verdicts[3]!.what).toContain('taking turns');
  });

  it('stops at the eighth nudge unless two healthy calls came in between', () => {
    const detector = createLoopDetector();
    const verdicts = Array.from({ length: 10 }, () => detector.observe(call('scroll_page')));
    expect(kinds(verdicts)).toEqual([
      'none',
      'none',
      'nudge',
      'nudge',
      'nudge',
      'nudge',
      'nudge',
      'nudge',
      'nudge',
      'stop',
    ]);
    expect(verdicts[9]!.kind !== 'none' && verdicts[9]!.what).toContain('after 8 warnings');

    const forgiven = createLoopDetector();
    for (let round = 0; round < 4; round += 1) {
      for (let index = 0; index < 5; index += 1) forgiven.observe(call('scroll_page'));
      forgiven.observe(call('get_accessibility_tree', { round }));
      forgiven.observe(call('read_page', { round }));
    }
    expect(forgiven.observe(call('scroll_page')).kind).toBe('none');
  });
});

describe('the target detector', () => {
  it('nudges at five actions on one element within the window and stops at eight', () => {
    const detector = createLoopDetector();
    const verdicts = Array.from({ length: 8 }, (_, index) =>
      // Different arguments each time, so only the target repeats.
      detector.observe(
        call('type', { ref: 'e7', text: `try ${index}` }, 'ok', { target: 'ref:e7' }),
      ),
    );
    expect(kinds(verdicts)).toEqual([
      'none',
      'none',
      'none',
      'none',
      'nudge',
      'nudge',
      'nudge',
      'stop',
    ]);
    expect(verdicts[7]).toMatchObject({ detector: 'target' });
  });

  it('forgets actions that left the window', () => {
    const detector = createLoopDetector();
    for (let index = 0; index < 4; index += 1)
      detector.observe(call('click', { n: index }, 'ok', { target: 'ref:e7' }));
    for (let index = 0; index < 12; index += 1)
      detector.observe(call('click', { n: 100 + index }, 'ok', { target: `ref:e${100 + index}` }));
    expect(detector.observe(call('click', { n: 'x' }, 'ok', { target: 'ref:e7' })).kind).toBe(
      'none',
    );
  });

  it('buckets points a few pixels apart into one spot', () => {
    expect(pointTarget(101, 203)).toBe(pointTarget(103.5, 204));
    expect(pointTarget(101, 203)).not.toBe(pointTarget(106, 203));
  });
});

describe('the navigation detector', () => {
  const hop = (from: string, to: string, index: number) =>
    call('click', { n: index }, 'ok', { urlBefore: from, urlAfter: to });

  it('nudges after two round trips between the same two addresses and stops after four', () => {
    const detector = createLoopDetector();
    const a = 'https://shop.example/cart';
    const b = 'https://shop.example/login';
    const verdicts = Array.from({ length: 8 }, (_, index) =>
      detector.observe(index % 2 === 0 ? hop(a, b, index) : hop(b, a, index)),
    );
    // A round trip is there and back: the second one completes on the fourth hop.
    expect(kinds(verdicts)).toEqual([
      'none',
      'none',
      'none',
      'nudge',
      'nudge',
      'nudge',
      'nudge',
      'stop',
    ]);
    expect(verdicts[7]!.kind !== 'none' && verdicts[7]!.what).toContain(a);
  });

  it('counts near-identical addresses (tracking, session, fragment, order) as the same page', () => {
    const detector = createLoopDetector();
    const cart = [
      'https://shop.example/cart?utm_source=mail',
      'https://www.shop.example/cart/?utm_source=banner#top',
      'https://shop.example/cart;jsessionid=A1B2?gclid=xyz',
      'https://SHOP.example/cart?_=1712345678',
    ];
    const login = [
      'https://shop.example/login?next=%2Fcart&sid=1',
      'https://shop.example/login?sid=2&next=%2Fcart',
      'https://shop.example/login?next=%2Fcart&fbclid=q',
      'https://shop.example/login?next=%2Fcart#form',
    ];
    const verdicts = [0, 1, 2, 3].flatMap((index) => [
      detector.observe(hop(cart[index]!, login[index]!, index * 2)),
      detector.observe(hop(login[index]!, cart[(index + 1) % 4]!, index * 2 + 1)),
    ]);
    expect(kinds(verdicts)).toEqual([
      'none',
      'none',
      'none',
      'nudge',
      'nudge',
      'nudge',
      'nudge',
      'stop',
    ]);
  });

  it('keeps pages that differ in path or in a query that picks the content apart', () => {
    const detector = createLoopDetector();
    const list = 'https://shop.example/list?page=1';
    const verdicts = [1, 2, 3, 4].flatMap((item) => [
      detector.observe(hop(list, `https://shop.example/item/${item}`, item * 2)),
      detector.observe(hop(`https://shop.example/item/${item}`, list, item * 2 + 1)),
    ]);
    expect(kinds(verdicts).every((kind) => kind === 'none')).toBe(true);
    const pages = createLoopDetector();
    const paged = [1, 2, 3, 4, 5, 6].map((page) =>
      pages.observe(
        hop(
          `https://shop.example/list?page=${page}`,
          `https://shop.example/list?page=${page + 1}`,
          page,
        ),
      ),
    );
    expect(kinds(paged).every((kind) => kind === 'none')).toBe(true);
  });

  it('leaves a forward journey through many pages alone', () => {
    const detector = createLoopDetector();
    const pages = ['/', '/search', '/item', '/cart', '/checkout', '/done'].map(
      (path) => `https://shop.example${path}`,
    );
    const verdicts = pages
      .slice(1)
      .map((to, index) => detector.observe(hop(pages[index]!, to, index)));
    expect(kinds(verdicts).every((kind) => kind === 'none')).toBe(true);
  });
});

describe('url arguments', () => {
  it('are one call when only tracking parameters or the fragment differ', () => {
    expect(canonicalArguments({ url: 'https://a.example/x?utm_medium=1#y' })).toBe(
      canonicalArguments({ url: 'https://a.example/x' }),
    );
    expect(canonicalArguments({ url: 'https://a.example/x?q=1' })).not.toBe(
      canonicalArguments({ url: 'https://a.example/x?q=2' }),
    );
    expect(canonicalArguments({ text: 'https://a.example/x?utm_medium=1' })).toContain(
      'utm_medium',
    );
  });

  it('nudge navigate calls that differ only in tracking parameters', () => {
    const detector = createLoopDetector();
    const verdicts = ['mail', 'banner', 'social'].map((source) =>
      detector.observe(call('navigate', { url: `https://a.example/x?utm_source=${source}` })),
    );
    expect(kinds(verdicts)).toEqual(['none', 'none', 'nudge']);
  });
});

describe('the words', () => {
  it('tell the model to change course and the person what repeated', () => {
    expect(loopNote('the same call (x) 3 times')).toContain('try a different element or approach');
    expect(loopStopMessage('8 actions on the same element (ref:e7)')).toBe(
      'Stopped: the agent was repeating itself (8 actions on the same element (ref:e7)). Nothing more was done. Rephrase the request or do this step yourself, then ask again.',
    );
  });
});
