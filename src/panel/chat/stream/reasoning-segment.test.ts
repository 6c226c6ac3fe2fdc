import { describe, expect, it } from 'vitest';
import { ReasoningSegment } from './reasoning-segment';

const label = (segment: ReasoningSegment) =>
  segment.element.querySelector('summary span')?.textContent;

describe('ReasoningSegment', () => {
  it('says how long the model thought once the thought ends', () => {
    let time = 10_000;
    const segment = new ReasoningSegment(() => time);
    segment.write('First, ');
    expect(label(segment)).toBe('Thinking\u2026');
    time += 2_600;
    segment.write('then more.');
    segment.close();
    expect(label(segment)).toBe('Thought for 3 s');
  });

  it('says only "Thought" for a thought replayed at once', () => {
    const segment = new ReasoningSegment(() => 5);
    segment.write('stored reasoning');
    segment.close();
    expect(label(segment)).toBe('Thought');
  });
});
