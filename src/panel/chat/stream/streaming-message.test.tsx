import { render } from 'preact';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import { ScrollFollowController } from './scroll-follow';
import { StreamingAnswer } from './streaming-answer';
import { JumpToLatest, StreamingMessage } from './streaming-message';

it('hosts the answer element and removes it on unmount', () => {
  const container = document.createElement('div');
  const answer = new StreamingAnswer();
  act(() => render(<StreamingMessage answer={answer} />, container));
  expect(container.querySelector('.streaming-message')?.firstElementChild).toBe(answer.element);
  act(() => render(null, container));
  expect(answer.element.isConnected).toBe(false);
  expect(answer.element.parentNode).toBeNull();
});

it('shows Jump to latest only while new content is off-screen', () => {
  const container = document.createElement('div');
  const list = document.createElement('div');
  const follow = new ScrollFollowController(list);
  act(() => render(<JumpToLatest follow={follow} />, container));
  expect(container.querySelector('button')).toBeNull();
  act(() => {
    follow.showJump.value = true;
  });
  const button = container.querySelector('button');
  expect(button?.textContent).toBe('Jump to latest \u2193');
  act(() => button?.click());
  expect(follow.showJump.value).toBe(false);
  expect(container.querySelector('button')).toBeNull();
});
