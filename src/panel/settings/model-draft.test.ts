import { describe, expect, it } from 'vitest';
import { hostPatternOf } from './host-permission';
import {
  draftFromModel,
  emptyDraft,
  insecureOriginOf,
  toModelInput,
  withBaseUrl,
} from './model-draft';
import { modelView } from './__fixtures__/fake-worker';

describe('model draft rules', () => {
  it('needs an acknowledgement only for non-loopback plain HTTP', () => {
    expect(insecureOriginOf('https://api.example.com/v1')).toBeNull();
    expect(insecureOriginOf('http://localhost:11434')).toBeNull();
    expect(insecureOriginOf('http://127.0.0.1:8080/v1')).toBeNull();
    expect(insecureOriginOf('http://[::1]:8080/v1')).toBeNull();
    expect(insecureOriginOf('http://10.0.0.5:8000/v1')).toBe('http://10.0.0.5:8000');
    expect(insecureOriginOf('not a url')).toBeNull();
  });

  it('keeps the acknowledgement for the same origin and drops it for another', () => {
    const acked = {
      ...withBaseUrl(emptyDraft(), 'http://gpu.lan:8000/v1'),
      insecureOrigin: 'http://gpu.lan:8000',
    };
    expect(withBaseUrl(acked, 'http://gpu.lan:8000/v2').insecureOrigin).toBe('http://gpu.lan:8000');
    expect(withBaseUrl(acked, 'http://gpu.lan:8001/v1').insecureOrigin).toBeNull();
    expect(withBaseUrl(acked, 'https://gpu.lan:8000/v1').insecureOrigin).toBeNull();
  });

  it('sends the key only when typed or explicitly cleared', () => {
    const draft = draftFromModel(modelView());
    expect(toModelInput(draft)).not.toHaveProperty('apiKey');
    expect(toModelInput({ ...draft, apiKey: 'sk-new' }).apiKey).toBe('sk-new');
    expect(toModelInput({ ...draft, apiKey: 'typed', clearKey: true }).apiKey).toBe('');
  });

  it('sends a sign-in grant in place of a key, and drops it when the base URL leaves its origin', () => {
    const keyGrant = { grant: 'grant-1', hint: '0777', provider: 'OpenRouter' };
    const draft = { ...emptyDraft(), baseUrl: 'https://openrouter.ai/api/v1', keyGrant };
    expect(toModelInput(draft)).toMatchObject({ apiKeyGrant: 'grant-1' });
    expect(toModelInput(draft)).not.toHaveProperty('apiKey');
    // A typed key or Clear key wins over the grant.
    expect(toModelInput({ ...draft, apiKey: 'sk-typed' })).not.toHaveProperty('apiKeyGrant');
    expect(toModelInput({ ...draft, clearKey: true })).not.toHaveProperty('apiKeyGrant');
    expect(withBaseUrl(draft, 'https://openrouter.ai/api/v2').keyGrant).toEqual(keyGrant);
    expect(withBaseUrl(draft, 'https://collector.example/api/v1').keyGrant).toBeNull();
  });

  it('asks for host access with a scheme://host/* pattern (no port)', () => {
    expect(hostPatternOf('http://127.0.0.1:4010')).toBe('http://127.0.0.1/*');
    expect(hostPatternOf('https://api.example.com')).toBe('https://api.example.com/*');
    expect(hostPatternOf('file:///etc')).toBeNull();
  });
});
