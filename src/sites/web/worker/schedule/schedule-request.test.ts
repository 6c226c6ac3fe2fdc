import { describe, expect, it } from 'vitest';
import { asksForScheduledWork } from './schedule-request';

describe('asksForScheduledWork', () => {
  it('says yes when the person asks for later or recurring work', () => {
    for (const text of [
      '/schedule check the price every day',
      // What the panel's /schedule <words> sends.
      'Schedule this: look at the page',
      'Schedule a check of my inbox',
      'Check this page every 5 minutes',
      'every morning, read the headlines',
      'Look again in 10 minutes',
      'remind me to reorder',
      'Do it daily',
      'Run it at 9:30 am',
    ])
      expect(asksForScheduledWork([text]), text).toBe(true);
  });

  it('says no for ordinary requests', () => {
    for (const text of [
      'What does this page say?',
      'Click the blue button',
      'Summarize every paragraph',
      'Find the minute book on this page',
      'Add 2 items to the cart',
    ])
      expect(asksForScheduledWork([text]), text).toBe(false);
  });

  it('counts any of the person messages in the chat, not only the latest', () => {
    expect(asksForScheduledWork(['Check the price every hour', 'yes, do that'])).toBe(true);
    expect(asksForScheduledWork([])).toBe(false);
  });

  it('does not count the turn a scheduled task run starts with', () => {
    expect(asksForScheduledWork(['[Scheduled task: Watch]\nCheck the page every hour'])).toBe(
      false,
    );
  });
});
