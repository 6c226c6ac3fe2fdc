// The global fetch, handed to provider adapters as their injected FetchLike. Adapters
// never reach for the global themselves, so tests substitute a fake (model-adapter.ts).
import type { FetchLike } from '../providers/model-adapter';

/** The browser's fetch, bound so it is callable detached from `globalThis`. */
export const platformFetch: FetchLike = (input, init) => fetch(input, init);
