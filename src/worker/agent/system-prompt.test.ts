import { describe, expect, it } from 'vitest';
import { LANGUAGE_POLICY, MODE_RULES, TRUST_BOUNDARY, buildSystemPrompt } from './system-prompt';

describe('buildSystemPrompt', () => {
  it('adds the mode rules after the site prompt, then the fixed policies', () => {
    expect(buildSystemPrompt('Site prompt.', '', 'ask')).toBe(
      ['Site prompt.', MODE_RULES.ask, LANGUAGE_POLICY, TRUST_BOUNDARY].join('\n\n'),
    );
    expect(buildSystemPrompt('Site prompt.', '')).toBe(
      ['Site prompt.', LANGUAGE_POLICY, TRUST_BOUNDARY].join('\n\n'),
    );
  });

  it('keeps the mode rules when a custom prompt replaces the site prompt', () => {
    const system = buildSystemPrompt('Site prompt.', '  Be terse.  ', 'ask');
    expect(system).not.toContain('Site prompt.');
    expect(system.startsWith('Be terse.')).toBe(true);
    expect(system).toContain('Switch to Act mode to let me do that.');
  });

  it('says what each mode allows', () => {
    expect(MODE_RULES.ask).toContain('you never act on it');
    expect(MODE_RULES.act).toContain('only as far as they asked');
    expect(MODE_RULES.dev).toContain('source, styles and structure');
  });
});
