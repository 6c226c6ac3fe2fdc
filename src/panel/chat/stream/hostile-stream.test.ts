import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installHappyDomCompat } from '../../markdown/__fixtures__/happy-dom-compat';
import { assertInert } from '../../markdown/__fixtures__/assert-inert';
import { ManualFrameScheduler } from './frame-scheduler';
import { StreamingAnswer } from './streaming-answer';

// Before the first render: the sanitizer caches DOM getters when it is created.
installHappyDomCompat();

const directory = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'markdown',
  '__fixtures__',
  'hostile',
);
const corpus = readdirSync(directory)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => [name, readFileSync(join(directory, name), 'utf8')] as const);

/** Our own segment chrome (containers, tail, reasoning header); everything else is Markdown. */
const isOwn = (element: Element): boolean =>
  /^stream-/.test(element.className) ||
  ['details', 'summary'].includes(element.localName) ||
  element.closest('summary') !== null;

describe('hostile corpus streamed in 1-char deltas', () => {
  for (const [name, text] of corpus) {
    it(`${name}: inert on every frame and after the end`, () => {
      const scheduler = new ManualFrameScheduler();
      const answer = new StreamingAnswer({ scheduler });
      // Reasoning gets the same text: it must stay plain text throughout.
      for (const character of text) answer.appendReasoning(character);
      scheduler.runFrame();
      for (const character of text) {
        answer.appendText(character);
        scheduler.runFrame();
        assertInert(answer.element, isOwn);
      }
      answer.end();
      assertInert(answer.element, isOwn);
      expect(answer.element.querySelector('.stream-reasoning-body *')).toBeNull();
      expect(answer.element.querySelector('.stream-tail')).toBeNull();
    });
  }
});
