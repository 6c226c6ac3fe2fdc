import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/protocol/error-codes';
import { ERROR_TEXTS, formErrorText, hostOf, personError } from './error-text';

const CONTEXTS = [{}, { modelHost: '127.0.0.1:11434' }, { modelHost: 'api.example.com' }];

describe('personError', () => {
  it('has plain words for every error code, in every context', () => {
    const missing = ERROR_CODES.filter((code) => !Object.hasOwn(ERROR_TEXTS, code));
    expect(missing).toEqual([]);
    for (const code of ERROR_CODES) {
      for (const context of CONTEXTS) {
        const { text } = personError(code, context);
        // Words for a person: a sentence, no code, no bracketed tag, nothing for the model.
        expect(text, code).toMatch(/^[A-Z].{4,}[.?!)]$/s);
        expect(text, code).not.toMatch(/[A-Z]{2,}_[A-Z_]+/);
        expect(text, code).not.toContain('[');
        expect(text, code).not.toMatch(/\bthe person\b/i);
      }
    }
  });

  it('says where the model is and what to check when it cannot be reached', () => {
    expect(personError('PROVIDER_NETWORK', { modelHost: '127.0.0.1:11434' })).toEqual({
      text: 'Can\u2019t reach the model at 127.0.0.1:11434 \u2014 is the model server (Ollama, LM Studio, llama.cpp) running?',
      actions: ['retry', 'settings'],
    });
    expect(personError('PROVIDER_NETWORK', { modelHost: 'api.example.com' }).text).toBe(
      'Can\u2019t reach the model at api.example.com \u2014 check your connection and the base URL.',
    );
    expect(personError('PROVIDER_AUTH').actions).toEqual(['settings']);
    expect(personError('STEP_LIMIT_REACHED', { maxSteps: 5 }).text).toMatch(
      /^The agent reached the 5 steps one response may take/,
    );
    expect(personError('STEP_LIMIT_REACHED').text).toMatch(/^The agent reached the most steps/);
    const blocked = personError('PROVIDER_BLOCKED_BY_ORIGIN', { modelHost: '127.0.0.1:1234' });
    expect(blocked.text).toContain('127.0.0.1:1234 is running');
    expect(blocked.text).toContain('Access-Control-Allow-Origin');
    expect(blocked.actions).toEqual(['retry', 'settings']);
  });

  it('speaks to the person about their own decisions', () => {
    expect(personError('EDIT_REJECTED').text).toBe(
      'You rejected this edit, so the document was not changed.',
    );
    expect(personError('TOOL_DENIED').text).toBe('You denied this, so it was not done.');
    expect(personError('EMBEDDED_CREDENTIALS').text).toContain('user name or password');
  });

  it('falls back to a plain sentence for a code it does not know', () => {
    expect(personError('SOMETHING_NEW').text).toBe(
      'Something went wrong. Try again; the details below say more.',
    );
  });

  it('reads the host of a model address', () => {
    expect(hostOf('http://127.0.0.1:11434/v1')).toBe('127.0.0.1:11434');
    expect(hostOf('not a url')).toBeUndefined();
    expect(hostOf(undefined)).toBeUndefined();
  });

  it('shows a form the worker’s words without the code, and replaces raw ones', () => {
    expect(
      formErrorText({
        code: 'EMBEDDED_CREDENTIALS',
        message: 'Put credentials in a header, not in the URL.',
      }),
    ).toBe('Put credentials in a header, not in the URL.');
    expect(
      formErrorText({ code: 'PROVIDER_NETWORK', message: 'Network error: Failed to fetch' }),
    ).toBe(personError('PROVIDER_NETWORK').text);
    expect(formErrorText({ code: 'INVALID_ENVELOPE', message: 'frame.type: bad' })).toBe(
      personError('INVALID_ENVELOPE').text,
    );
  });
});
