// The identity launcher over the promise API both browsers document for MV3
// (launchWebAuthFlow resolves with the callback URL, or rejects with an Error): the
// callback comes back as given, and each way a flow can fail reads as what the person
// should do next, with the exact rejection texts Chromium 156 and Firefox ESR 153 give.
import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { IntegrationError } from '../integration-error';
import { createIdentityLauncher, type IdentityApi } from './identity-launch';

const AUTHORIZE = new URL('https://auth.example/authorize?state=s1');
const never = new AbortController().signal;

function identity(answer: () => Promise<string | undefined>) {
  const calls: { url: string; interactive: boolean }[] = [];
  const api: IdentityApi = {
    launchWebAuthFlow: (details) => (calls.push(details), answer()),
    getRedirectURL: (path) => `https://id.chromiumapp.org/${path ?? ''}`,
  };
  return { api, calls };
}

async function failureOf(launch: Promise<string>) {
  const error = await launch.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

describe('createIdentityLauncher', () => {
  it('opens the page interactively and resolves with the callback URL', async () => {
    const callback = 'https://id.chromiumapp.org/mcp?code=c1&state=s1';
    const { api, calls } = identity(async () => callback);
    expect(await createIdentityLauncher(api)(AUTHORIZE, never)).toBe(callback);
    expect(calls).toEqual([{ url: AUTHORIZE.href, interactive: true }]);
  });

  it.each([
    ['Chromium', 'The user did not approve access.'],
    ['Firefox', 'User cancelled or denied access.'],
  ])('says the window was closed when %s reports a closed window', async (_browser, text) => {
    const { api } = identity(async () => Promise.reject(new Error(text)));
    const failure = await failureOf(createIdentityLauncher(api)(AUTHORIZE, never));
    expect(failure.code).toBe('MCP_AUTH_FAILED');
    expect(failure.message).toBe(
      'The sign-in window was closed before it finished; sign in again.',
    );
  });

  it('tells a page that did not load from a closed window', async () => {
    const { api } = identity(async () =>
      Promise.reject(new Error('Authorization page could not be loaded.')),
    );
    const failure = await failureOf(createIdentityLauncher(api)(AUTHORIZE, never));
    expect(failure.code).toBe('MCP_AUTH_FAILED');
    expect(failure.message).toMatch(/^The sign-in page could not be loaded: .*Check the server/);
  });

  it('keeps an unknown reason in the browser’s words, bounded', async () => {
    const { api } = identity(async () =>
      Promise.reject(new Error(`Invalid request ${'x'.repeat(900)}`)),
    );
    const failure = await failureOf(createIdentityLauncher(api)(AUTHORIZE, never));
    expect(failure.code).toBe('MCP_AUTH_FAILED');
    expect(failure.message).toMatch(
      /^The browser ended the sign-in: Invalid request x+ Sign in again\.$/,
    );
    expect(failure.message.length).toBeLessThan(260);
  });

  it('treats an empty answer (no callback URL) as a closed window', async () => {
    for (const empty of [undefined, '']) {
      const { api } = identity(async () => empty);
      const failure = await failureOf(createIdentityLauncher(api)(AUTHORIZE, never));
      expect(failure.message).toContain('closed before it finished');
    }
  });

  it('ends the wait on Stop while the window is still open, with the stop reason', async () => {
    const { api } = identity(() => new Promise<string>(() => undefined));
    const stop = new AbortController();
    const waiting = createIdentityLauncher(api)(AUTHORIZE, stop.signal);
    const reason = new ProtocolFailure('CANCELLED', 'Stopped.');
    stop.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });
});
