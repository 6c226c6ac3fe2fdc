import { describe, expect, it } from 'vitest';
import { ScrollFollowController } from './scroll-follow';

/** A scroll container with controllable geometry (happy-dom does no layout). */
function scroller(): {
  element: HTMLElement;
  geometry: { height: number; client: number; top: number };
} {
  const element = document.createElement('div');
  const geometry = { height: 1000, client: 400, top: 600 };
  Object.defineProperty(element, 'scrollHeight', { get: () => geometry.height });
  Object.defineProperty(element, 'clientHeight', { get: () => geometry.client });
  Object.defineProperty(element, 'scrollTop', {
    get: () => geometry.top,
    set: (value: number) => {
      geometry.top = Math.max(0, Math.min(value, geometry.height - geometry.client));
    },
  });
  return { element, geometry };
}

function userScrollsTo(element: HTMLElement, top: number): void {
  element.scrollTop = top;
  element.dispatchEvent(new Event('scroll'));
}

describe('ScrollFollowController', () => {
  it('follows new content while at the bottom', () => {
    const { element, geometry } = scroller();
    const follow = new ScrollFollowController(element);
    geometry.height = 1500;
    follow.contentChanged();
    expect(geometry.top).toBe(1100);
    expect(follow.showJump.value).toBe(false);
  });

  it('stops following when the user scrolls up and offers Jump to latest', () => {
    const { element, geometry } = scroller();
    const follow = new ScrollFollowController(element);
    userScrollsTo(element, 100);
    expect(follow.isFollowing).toBe(false);
    geometry.height = 1500;
    follow.contentChanged();
    expect(geometry.top).toBe(100);
    expect(follow.showJump.value).toBe(true);
    follow.jumpToLatest();
    expect(geometry.top).toBe(1100);
    expect(follow.showJump.value).toBe(false);
    expect(follow.isFollowing).toBe(true);
  });

  it('treats within 72 px of the bottom as the bottom', () => {
    const { element, geometry } = scroller();
    const follow = new ScrollFollowController(element);
    userScrollsTo(element, 530);
    expect(follow.isFollowing).toBe(true);
    userScrollsTo(element, 527);
    expect(follow.isFollowing).toBe(false);
    geometry.height = 1200;
    follow.contentChanged();
    expect(follow.showJump.value).toBe(true);
    userScrollsTo(element, 790);
    expect(follow.isFollowing).toBe(true);
    expect(follow.showJump.value).toBe(false);
  });

  it('ignores the scroll event of its own scroll even if content grew meanwhile', () => {
    const { element, geometry } = scroller();
    const follow = new ScrollFollowController(element);
    geometry.height = 1500;
    follow.contentChanged();
    geometry.height = 3000;
    element.dispatchEvent(new Event('scroll'));
    expect(follow.isFollowing).toBe(true);
    follow.contentChanged();
    expect(geometry.top).toBe(2600);
  });

  it('stops listening after dispose', () => {
    const { element } = scroller();
    const follow = new ScrollFollowController(element);
    follow.dispose();
    userScrollsTo(element, 0);
    expect(follow.isFollowing).toBe(true);
  });

  it('on a size change follows if the user was at the bottom, else offers Jump only when more is below', () => {
    const { element, geometry } = scroller();
    const follow = new ScrollFollowController(element);
    // The live view gave way to the stored turn: taller, nobody called contentChanged().
    geometry.height = 1800;
    follow.sizeChanged();
    expect(geometry.top).toBe(1400);
    // The scroller itself got taller (the composer shrank): still pinned to the end.
    geometry.client = 600;
    follow.sizeChanged();
    expect(geometry.top).toBe(1200);
    userScrollsTo(element, 200);
    geometry.height = 1700;
    follow.sizeChanged();
    expect(follow.showJump.value).toBe(false);
    expect(geometry.top).toBe(200);
    geometry.height = 2400;
    follow.sizeChanged();
    expect(follow.showJump.value).toBe(true);
    expect(geometry.top).toBe(200);
  });
});
