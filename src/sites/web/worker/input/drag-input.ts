// ## Owns
// One trusted drag from a point to another: the left button pressed at the start,
// the pointer moved there in steps, released at the end. Pages that sort by pointer
// or mouse events see a person's drag. HTML5 drag and drop (draggable elements and
// drop events) starts a drag the browser would run with the system's own drag loop;
// the session intercepts it (`Input.setInterceptDrags`) and finishes it with
// `Input.dispatchDragEvent` (enter, over, drop) at the end point, carrying the data
// the page put on the drag.
// ## Why a pause after each step
// Sorting libraries react to the pointer on animation frames and start a drag only
// after a few pixels of movement; moving in one jump, or faster than frames, skips
// what a person's hand gives them.
import { delay } from '../../../../shared/lib/abort';
import type { RunInputSession } from './debugger-sessions';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** How the drag ended up being delivered. */
export type DragKind = 'pointer' | 'html5';

const STEP_PAUSE_MS = 20;
/** How long the browser gets to report that it intercepted an HTML5 drag. */
const INTERCEPT_WAIT_MS = 150;
/** Past this distance from the press every browser has started an HTML5 drag. */
const DRAG_THRESHOLD_PX = 8;

const mouse = (session: RunInputSession, type: string, point: Point, buttons: number) =>
  session.send('Input.dispatchMouseEvent', {
    type,
    x: point.x,
    y: point.y,
    button: 'left',
    buttons,
    ...(type === 'mouseMoved' ? {} : { clickCount: 1 }),
  });

const between = (from: Point, to: Point, share: number): Point => ({
  x: from.x + (to.x - from.x) * share,
  y: from.y + (to.y - from.y) * share,
});

/** Drags from `from` to `to` in `steps` moves; says which kind of drag the page took. */
export async function dragBetween(
  session: RunInputSession,
  from: Point,
  to: Point,
  steps: number,
  signal: AbortSignal,
): Promise<DragKind> {
  let data: unknown = null;
  const stop = session.onEvent((method, params) => {
    if (method === 'Input.dragIntercepted') data = (params as { data?: unknown } | null)?.data;
  });
  let intercepting = false;
  try {
    try {
      await session.send('Input.setInterceptDrags', { enabled: true });
      intercepting = true;
    } catch {
      // Without interception an HTML5 drag is not delivered; pointer drags still are.
    }
    await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: from.x, y: from.y });
    await mouse(session, 'mousePressed', from, 1);
    let waited = false;
    for (let step = 1; step <= steps && data === null; step += 1) {
      const point = between(from, to, step / steps);
      await mouse(session, 'mouseMoved', point, 1);
      await delay(STEP_PAUSE_MS, signal);
      // The first move past the browser's drag threshold starts an HTML5 drag, if any.
      const far = Math.hypot(point.x - from.x, point.y - from.y) >= DRAG_THRESHOLD_PX;
      if (far && !waited && intercepting) {
        waited = true;
        await waitFor(() => data !== null, signal);
      }
    }
    if (data !== null) {
      for (const type of ['dragEnter', 'dragOver', 'drop'])
        await session.send('Input.dispatchDragEvent', { type, x: to.x, y: to.y, data });
      return 'html5';
    }
    await mouse(session, 'mouseMoved', to, 1);
    await delay(STEP_PAUSE_MS, signal);
    await mouse(session, 'mouseReleased', to, 0);
    return 'pointer';
  } finally {
    stop();
    if (intercepting)
      await session.send('Input.setInterceptDrags', { enabled: false }).catch(() => undefined);
  }
}

/** Waits (bounded) until `ready` holds, checking every few milliseconds. */
async function waitFor(ready: () => boolean, signal: AbortSignal): Promise<void> {
  const until = Date.now() + INTERCEPT_WAIT_MS;
  while (!ready() && Date.now() < until) await delay(10, signal);
}
