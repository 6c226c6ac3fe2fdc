// What the planner is sent: the task, the page as labelled untrusted data without
// query or fragment, a bounded digest, never an image; the no-think switch for Qwen.
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../providers/model-adapter';
import { UNTRUSTED_PAGE_NOTE } from '../../tools/untrusted-content';
import { noThinkSwitch, plannerUserText, repairMessages, sanitizedPageUrl } from './plan-prompt';

const conversation: ModelMessage[] = [
  { role: 'system', text: 'SYSTEM RULES' },
  { role: 'user', content: [{ type: 'text', text: 'Earlier question' }] },
  { role: 'assistant', text: `Earlier answer ${'w'.repeat(5_000)}` },
  {
    role: 'user',
    content: [
      { type: 'text', text: '[Untrusted attachment: selection]\nsome text' },
      { type: 'image', mediaType: 'image/png', base64: 'QUJD' },
      { type: 'text', text: 'Book the 9:00 slot.' },
    ],
  },
];

describe('plannerUserText', () => {
  const text = plannerUserText({
    conversation,
    pageUrl: 'https://clinic.example/book?token=SECRET#slot',
    modelId: 'gpt-4o',
  });

  it('carries the task with its labelled notes and says images were left out', () => {
    expect(text).toContain('Book the 9:00 slot.');
    expect(text).toContain('[Untrusted attachment: selection]');
    expect(text).toContain('the planner does not see them');
    expect(text).not.toContain('QUJD');
    expect(text).not.toContain('SYSTEM RULES');
  });

  it('labels the page as untrusted and drops the query and fragment', () => {
    expect(text).toContain(UNTRUSTED_PAGE_NOTE);
    expect(text).toContain('"url":"https://clinic.example/book"');
    expect(text).not.toContain('SECRET');
  });

  it('adds a bounded, labelled digest of earlier messages', () => {
    expect(text).toContain('[Untrusted digest of earlier messages in this chat');
    expect(text).toContain('- user: Earlier question');
    const answerLine = text.split('\n').find((line) => line.startsWith('- assistant:')) ?? '';
    expect(answerLine.length).toBeLessThanOrEqual(600 + '- assistant: '.length);
  });

  it('asks Qwen models not to think and leaves others alone', () => {
    expect(noThinkSwitch('Qwen3-8B-Instruct')).toBe('\n\n/no_think');
    expect(noThinkSwitch('llama-3.1')).toBe('');
    expect(
      plannerUserText({ conversation, pageUrl: '', modelId: 'qwen3:4b' }).endsWith('/no_think'),
    ).toBe(true);
  });
});

describe('sanitizedPageUrl and repairMessages', () => {
  it('returns an empty address for text that is no URL', () => {
    expect(sanitizedPageUrl('not a url')).toBe('');
  });

  it('replays the refused answer, clipped, and says why', () => {
    const first: ModelMessage[] = [{ role: 'system', text: 's' }];
    const messages = repairMessages(first, 'x'.repeat(10_000), 'The reply held no JSON object.');
    expect(messages).toHaveLength(3);
    const refused = messages[1];
    expect(refused?.role === 'assistant' && refused.text.length).toBe(4_000);
    expect(JSON.stringify(messages[2])).toContain(
      'Your reply could not be used: The reply held no JSON object.',
    );
  });
});
