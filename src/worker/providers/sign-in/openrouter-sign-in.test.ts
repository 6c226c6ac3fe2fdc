import { describe, expect, it, vi } from 'vitest';
import { IntegrationError } from '../../integrations/integration-error';
import { createKeyGrants } from './key-grants';
import { challengeOf } from './pkce';
import { signInForBaseUrl } from './provider-sign-in';

const REDIRECT = 'https://abcdefgh.chromiumapp.org/provider';
const BASE = 'https://openrouter.ai/api/v1';
const KEY = 'sk-or-v1-0123456789abcdef';
const signal = new AbortController().signal;

interface Rig {
  readonly returned?: (auth: URL) => string;
  readonly launchError?: unknown;
  readonly answer?: () => Response;
}

function rig({ returned, launchError, answer }: Rig = {}) {
  const launched: URL[] = [];
  const launch = vi.fn(async (url: URL) => {
    launched.push(url);
    if (launchError !== undefined) throw launchError;
    return returned ? returned(url) : `${REDIRECT}?code=one-time-code`;
  });
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      answer?.() ?? new Response(JSON.stringify({ key: KEY, user_id: 'u1' }), { status: 200 }),
  );
  const grants = createKeyGrants();
  const run = (baseUrl = BASE) =>
    signInForBaseUrl(baseUrl, { window: { launch, redirectUrl: REDIRECT }, fetch, grants }, signal);
  return { launched, launch, fetch, grants, run };
}

describe('signing in to OpenRouter', () => {
  it('sends the window to OpenRouter with an S256 challenge, exchanges the code with its verifier, and holds the key behind a grant', async () => {
    const { launched, fetch, grants, run } = rig();
    const result = await run();
    expect(result).toMatchObject({ ok: true, keyHint: 'cdef' });
    expect(JSON.stringify(result)).not.toContain(KEY);
    const auth = launched[0]!;
    expect(auth.origin + auth.pathname).toBe('https://openrouter.ai/auth');
    expect(auth.searchParams.get('callback_url')).toBe(REDIRECT);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://openrouter.ai/api/v1/auth/keys');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body)) as Record<string, string>;
    expect(body).toMatchObject({ code: 'one-time-code', code_challenge_method: 'S256' });
    expect(body['code_verifier']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await challengeOf(body['code_verifier']!)).toBe(auth.searchParams.get('code_challenge'));
    if (result.ok) expect(grants.take(result.grant, BASE)).toBe(KEY);
  });

  it('ends in words with no key when the window is closed, ends elsewhere, or brings an error', async () => {
    const cases: [Rig, RegExp][] = [
      [
        {
          launchError: new IntegrationError(
            'MCP_AUTH_FAILED',
            'The sign-in window was closed before it finished; sign in again.',
          ),
        },
        /window was closed/,
      ],
      [{ returned: () => 'https://evil.example/provider?code=stolen' }, /ended on evil\.example/],
      [
        { returned: () => `${REDIRECT}?error=access_denied` },
        /did not sign you in \(access_denied\)/,
      ],
      [{ returned: () => REDIRECT }, /no sign-in code/],
      [{ answer: () => new Response('{"error":"bad code"}', { status: 403 }) }, /HTTP 403/],
      [{ answer: () => new Response('{"user_id":"u1"}', { status: 200 }) }, /without a usable key/],
      [{ answer: () => new Response('<html>', { status: 200 }) }, /without a usable key/],
    ];
    for (const [setup, said] of cases) {
      const { run, fetch } = rig(setup);
      const result = await run();
      expect(result, String(said)).toMatchObject({ ok: false, code: 'PROVIDER_SIGN_IN_FAILED' });
      if (!result.ok) expect(result.message).toMatch(said);
      if (setup.returned || setup.launchError) expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('says so when the network fails, and offers no sign-in for other providers or without a window', async () => {
    const failing = rig();
    failing.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await failing.run()).toMatchObject({ ok: false, message: /could not reach OpenRouter/ });

    const other = rig();
    expect(await other.run('https://api.openai.com/v1')).toMatchObject({
      ok: false,
      message: /has no sign-in/,
    });
    expect(await other.run('https://openrouter.ai.evil.example/api/v1')).toMatchObject({
      ok: false,
    });
    expect(other.launch).not.toHaveBeenCalled();

    const grants = createKeyGrants();
    expect(
      await signInForBaseUrl(BASE, { window: null, fetch: vi.fn(), grants }, signal),
    ).toMatchObject({ ok: false, message: /no sign-in window/ });
  });
});
