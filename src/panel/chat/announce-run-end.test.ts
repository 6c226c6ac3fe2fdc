import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { Announcer } from '../components/announcer';
import { announceRunEnd } from './announce-run-end';
import type { LiveStatus } from './live-run';

const ended = (status: LiveStatus, code?: string) => ({
  status: signal(status),
  error: signal(code ? { code: code as never, message: 'Network error: Failed to fetch' } : null),
});

describe('announceRunEnd', () => {
  it('says a finished, a stopped and a failed run once each, errors in plain words and assertively', () => {
    const to = new Announcer();
    announceRunEnd(ended('done'), undefined, to);
    expect(to.polite.value.text).toBe('Answer ready.');
    announceRunEnd(ended('cancelled'), undefined, to);
    expect(to.polite.value.text).toBe('Stopped.');
    announceRunEnd(ended('error', 'PROVIDER_NETWORK'), '127.0.0.1:11434', to);
    expect(to.assertive.value.text).toMatch(/^Can\u2019t reach the model at 127\.0\.0\.1:11434/);
    expect(to.assertive.value.text).not.toContain('PROVIDER_NETWORK');
  });
});
