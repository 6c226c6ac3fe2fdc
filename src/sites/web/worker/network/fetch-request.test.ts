import { describe, expect, it, vi } from 'vitest';
import { MAX_REDIRECTS, sendFetch, type Fetcher, type FetchOptions } from './fetch-request';

const run = { siteUrl: 'https://shop.example/', personText: [] };

/** A fake network: each address answers with the response its handler builds. */
function fakeNetwork(routes: Record<string, () => Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetcher: Fetcher = async (url, init) => {
    calls.push({ url, init });
    const route = routes[url];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  };
  return { calls, fetcher };
}

const redirect =
  (to: string, status = 302) =>
  () =>
    new Response(null, { status, headers: { location: to } });
const ok =
  (body: string, type = 'text/plain') =>
  () =>
    new Response(body, { headers: { 'content-type': type } });

function options(fetcher: Fetcher, extra: Partial<FetchOptions> = {}): FetchOptions {
  return { method: 'GET', run, signal: new AbortController().signal, fetcher, ...extra };
}

describe('sendFetch', () => {
  it('sends cookies only to the tab’s registrable domain, with manual redirects', async () => {
    const net = fakeNetwork({
      'https://api.shop.example/a': ok('mine'),
      'https://rates.example/b': ok('theirs'),
    });
    await sendFetch(new URL('https://api.shop.example/a'), options(net.fetcher));
    await sendFetch(new URL('https://rates.example/b'), options(net.fetcher));
    expect(net.calls.map((call) => call.init.credentials)).toEqual(['include', 'omit']);
    expect(net.calls.every((call) => call.init.redirect === 'manual')).toBe(true);
  });

  it('follows same-site redirects, checking each hop, and reports them', async () => {
    const net = fakeNetwork({
      'https://shop.example/old': redirect('/new'),
      'https://shop.example/new': ok('here'),
    });
    const sent = await sendFetch(new URL('https://shop.example/old'), options(net.fetcher));
    expect(sent).toMatchObject({
      ok: true,
      response: { url: 'https://shop.example/new', status: 200, redirects: 1 },
    });
  });

  it('refuses a redirect to another origin nobody approved, without requesting it', async () => {
    const net = fakeNetwork({
      'https://shop.example/go': redirect('https://attacker.example/?iban=DE89'),
      'https://attacker.example/?iban=DE89': ok('got it'),
    });
    const sent = await sendFetch(new URL('https://shop.example/go'), options(net.fetcher));
    expect(sent).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
    expect(net.calls.map((call) => call.url)).toEqual(['https://shop.example/go']);
  });

  it('keeps following within the origin the person approved', async () => {
    const net = fakeNetwork({
      'https://rates.example/a': redirect('https://rates.example/b'),
      'https://rates.example/b': ok('rate'),
    });
    const sent = await sendFetch(new URL('https://rates.example/a'), options(net.fetcher));
    expect(sent).toMatchObject({ ok: true, response: { url: 'https://rates.example/b' } });
  });

  it('refuses a redirect into the private network with REDIRECT_REFUSED', async () => {
    const net = fakeNetwork({
      'https://shop.example/meta': redirect('http://169.254.169.254/latest'),
    });
    const sent = await sendFetch(new URL('https://shop.example/meta'), options(net.fetcher));
    expect(sent).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
    expect(net.calls).toHaveLength(1);
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    const routes: Record<string, () => Response> = {};
    for (let hop = 0; hop <= MAX_REDIRECTS + 1; hop += 1)
      routes[`https://shop.example/${hop}`] = redirect(`/${hop + 1}`);
    const net = fakeNetwork(routes);
    const sent = await sendFetch(new URL('https://shop.example/0'), options(net.fetcher));
    expect(sent).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
    expect(net.calls).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('refuses an opaque redirect, whose target the browser hides', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null };
    const fetcher: Fetcher = async () => opaque as unknown as Response;
    const sent = await sendFetch(new URL('https://shop.example/x'), options(fetcher));
    expect(sent).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
  });

  it('reads only the first bytes of a huge body and says it was cut', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(97);
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const declared = String(500 * 1024 * 1024);
    const fetcher: Fetcher = async () =>
      new Response(huge, { headers: { 'content-type': 'text/plain', 'content-length': declared } });
    const sent = await sendFetch(
      new URL('https://shop.example/big'),
      options(fetcher, { maxBytes: 100_000 }),
    );
    if (!sent.ok) throw new Error(sent.message);
    expect(sent.response.body.bytes.byteLength).toBe(100_000);
    expect(sent.response.body.truncated).toBe(true);
    expect(sent.response.body.originalLength).toBe(500 * 1024 * 1024);
    expect(pulled).toBeLessThan(10);
  });

  it('answers a network failure with FETCH_NETWORK', async () => {
    const net = fakeNetwork({});
    const sent = await sendFetch(new URL('https://shop.example/none'), options(net.fetcher));
    expect(sent).toMatchObject({ ok: false, code: 'FETCH_NETWORK' });
  });

  it('times out with TIMEOUT, and passes the run’s Stop through as an abort', async () => {
    const hang: Fetcher = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const timedOut = await sendFetch(
      new URL('https://shop.example/slow'),
      options(hang, { timeoutMs: 20 }),
    );
    expect(timedOut).toMatchObject({ ok: false, code: 'TIMEOUT' });
    const stop = new AbortController();
    const pending = sendFetch(
      new URL('https://shop.example/slow'),
      options(hang, { signal: stop.signal }),
    );
    stop.abort(new DOMException('Stopped', 'AbortError'));
    await expect(pending).rejects.toThrow('Stopped');
  });

  it('sends HEAD without reading a body', async () => {
    const cancel = vi.fn();
    const fetcher: Fetcher = async () =>
      ({
        type: 'basic',
        status: 200,
        headers: new Headers({ 'content-type': 'text/html', 'content-length': '1234' }),
        body: {
          cancel,
          getReader: () => {
            throw new Error('read');
          },
        },
      }) as unknown as Response;
    const sent = await sendFetch(
      new URL('https://shop.example/'),
      options(fetcher, { method: 'HEAD' }),
    );
    expect(sent).toMatchObject({ ok: true, response: { body: { originalLength: 1234 } } });
  });
});
