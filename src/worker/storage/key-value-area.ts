// The small slice of chrome.storage.local the settings store needs. Injected, so the
// store is tested against a Map and the platform file owns the real API.

/** An async key-value area (chrome.storage.local in the worker, a Map in tests). */
export interface KeyValueArea {
  /** The stored value, or undefined when the key is absent. */
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}
