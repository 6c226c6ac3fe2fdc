/**
 * The one clock of the streaming renderer: "run this before the next paint". Injected
 * so tests (and the benchmark) can step frames by hand instead of racing real
 * animation frames.
 */

/** Schedules a callback for the next animation frame. */
export interface FrameScheduler {
  /** Requests `callback` before the next paint; returns a handle for {@link cancel}. */
  request(callback: () => void): number;
  /** Cancels a pending request; unknown handles are ignored. */
  cancel(handle: number): void;
}

/**
 * The browser scheduler. A hidden side panel gets no animation frames, so deltas simply
 * accumulate and are applied in one update when it becomes visible again.
 */
export const animationFrameScheduler: FrameScheduler = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/** A scheduler stepped by hand, for tests: {@link runFrame} runs what is pending. */
export class ManualFrameScheduler implements FrameScheduler {
  private readonly pending = new Map<number, () => void>();
  private nextHandle = 1;

  /** Number of callbacks waiting for the next frame. */
  get pendingCount(): number {
    return this.pending.size;
  }

  request(callback: () => void): number {
    const handle = this.nextHandle;
    this.nextHandle += 1;
    this.pending.set(handle, callback);
    return handle;
  }

  cancel(handle: number): void {
    this.pending.delete(handle);
  }

  /** Runs every callback requested before this call (like one animation frame). */
  runFrame(): void {
    const callbacks = Array.from(this.pending.values());
    this.pending.clear();
    for (const callback of callbacks) callback();
  }
}
