import { describe, expect, it } from 'vitest';
import { chatDisplayName } from './chat-name';

const meta = (name: string, preview = '', userRenamed = false) => ({ name, preview, userRenamed });

describe('chatDisplayName', () => {
  it('shows a named chat under its name', () => {
    expect(chatDisplayName(meta('Thesis outline', 'Help me outline'))).toBe('Thesis outline');
  });

  it('shows an unnamed chat under the start of its first message', () => {
    expect(chatDisplayName(meta('New chat', 'Set the   document\nlanguage'))).toBe(
      'Set the document language',
    );
    expect(chatDisplayName(meta('', 'Fix the table'))).toBe('Fix the table');
  });

  it('cuts a long first message at a word and marks the cut', () => {
    const title = chatDisplayName(
      meta(
        'New chat',
        'Please rewrite the abstract so that it fits on one page and keeps the results',
      ),
    );
    expect(title).toBe('Please rewrite the abstract so that it fits on…');
    expect(title.length).toBeLessThanOrEqual(49);
  });

  it('keeps "New chat" when the person chose that name or nothing was asked yet', () => {
    expect(chatDisplayName(meta('New chat', 'Fix the table', true))).toBe('New chat');
    expect(chatDisplayName(meta('New chat'))).toBe('New chat');
    expect(chatDisplayName(meta('  '))).toBe('Untitled chat');
  });
});
