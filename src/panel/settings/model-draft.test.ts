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

  it('asks for host access with a scheme://host/* pattern (no port)', () => {
    expect(hostPatternOf('http://127.0.0.1:4010')).toBe('http://127.0.0.1/*');
    expect(hostPatternOf('https://api.example.com')).toBe('https://api.example.com/*');
    expect(hostPatternOf('file:///etc')).toBeNull();
  });
});
