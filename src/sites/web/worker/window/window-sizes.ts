// ## Owns
// The browser windows a run resized, and putting each back as it was when the run
// ends (done, error, Stop or a closed panel): the person's window is theirs, and a
// task that needed a narrow window for a mobile layout must not leave it so.
// ## Why the browser call is injected
// The same bookkeeping is tested without a browser; `chromeWindows` is the real one.

/** A window's outer size and place, and whether it was maximized or full screen. */
export interface WindowBounds {
  readonly width: number;
  readonly height: number;
  readonly left?: number;
  readonly top?: number;
  readonly state: 'normal' | 'minimized' | 'maximized' | 'fullscreen' | 'locked-fullscreen';
}

export interface WindowControl {
  /** The window that shows `tabId`. */
  windowOf(tabId: number): Promise<number>;
  bounds(windowId: number): Promise<WindowBounds>;
  /** Sets the outer size (the window leaves maximized or full screen first). */
  resize(windowId: number, size: { width: number; height: number }): Promise<WindowBounds>;
  restore(windowId: number, bounds: WindowBounds): Promise<void>;
}

export const chromeWindows: WindowControl = {
  async windowOf(tabId) {
    return (await chrome.tabs.get(tabId)).windowId;
  },
  async bounds(windowId) {
    const window = await chrome.windows.get(windowId);
    return {
      width: window.width ?? 0,
      height: window.height ?? 0,
      ...(window.left !== undefined ? { left: window.left } : {}),
      ...(window.top !== undefined ? { top: window.top } : {}),
      state: window.state ?? 'normal',
    };
  },
  async resize(windowId, size) {
    const current = await chrome.windows.get(windowId);
    if (current.state !== 'normal') await chrome.windows.update(windowId, { state: 'normal' });
    await chrome.windows.update(windowId, { width: size.width, height: size.height });
    return chromeWindows.bounds(windowId);
  },
  async restore(windowId, bounds) {
    if (bounds.state === 'normal') {
      const place = {
        width: bounds.width,
        height: bounds.height,
        ...(bounds.left !== undefined ? { left: bounds.left } : {}),
        ...(bounds.top !== undefined ? { top: bounds.top } : {}),
      };
      await chrome.windows.update(windowId, place);
      return;
    }
    const state = bounds.state === 'locked-fullscreen' ? 'fullscreen' : bounds.state;
    await chrome.windows.update(windowId, { state });
  },
};

/** Remembers each run's windows as they were before its first resize. */
export function createWindowSizes(control: WindowControl) {
  const before = new Map<string, Map<number, WindowBounds>>();
  return {
    control,
    /** Records `windowId`'s bounds for `runId` unless the run already changed it. */
    async remember(runId: string, windowId: number): Promise<WindowBounds> {
      const windows = before.get(runId) ?? new Map<number, WindowBounds>();
      before.set(runId, windows);
      const known = windows.get(windowId);
      if (known) return known;
      const bounds = await control.bounds(windowId);
      windows.set(windowId, bounds);
      return bounds;
    },
    /** Puts the run's windows back; a window the person closed meanwhile is skipped. */
    async restore(runId: string): Promise<void> {
      const windows = before.get(runId);
      before.delete(runId);
      if (!windows) return;
      for (const [windowId, bounds] of windows)
        await control.restore(windowId, bounds).catch(() => undefined);
    },
  };
}

export type WindowSizes = ReturnType<typeof createWindowSizes>;

/** The windows the web face's runs resized, for the whole worker. */
export const windowSizes = createWindowSizes(chromeWindows);
