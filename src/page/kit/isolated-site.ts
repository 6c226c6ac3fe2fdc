// ## Owns
// The isolated-world part of a site (`src/sites/<id>/isolated/<id>.isolated.ts` exports
// `isolatedSite`): the handlers of its page methods, run by the content script's relay
// in every frame the site covers. A site whose page part needs no page-script realm
// lives here: the isolated world sees the same DOM, reaches closed shadow roots through
// the extension API, and is out of reach of page scripts that redefine built-ins.
import type {
  MethodSpec,
  RequestChannel,
  RequestHandlers,
} from '../../shared/protocol/define-channel';
import type { SiteDefinition } from '../../sites/site-contract';

/** Which document each frame element of this document shows (src/page/isolated/frame-link.ts). */
export interface FrameLinkReader {
  /** The frame-link token of the document `frameElement` shows, or null when unknown. */
  tokenOf(frameElement: Element): string | null;
  /** Asks those documents that have not said who they are; resolves after a short wait. */
  introduce(frameElements: readonly Element[]): Promise<void>;
}

/** The frame a started part serves. */
export interface IsolatedFrame {
  /** Whether this is the tab's top frame. */
  readonly isTop: boolean;
  /** This document instance's id, as the relay reports it to the worker. */
  readonly documentId: string;
  /** The links to the documents of this document's frame elements. */
  readonly frameLinks: FrameLinkReader;
  /**
   * Asks the worker to stop the runs working in this tab. Only for a trusted click on
   * our own on-page UI; the worker ignores it from anything but the top frame.
   */
  readonly stopRuns: () => void;
}

/** What a started isolated part offers: a handler for every page method of its site. */
export interface StartedIsolatedSite<M extends Record<string, MethodSpec>> {
  readonly handlers: RequestHandlers<RequestChannel<M>>;
}

export interface IsolatedSite<M extends Record<string, MethodSpec> = Record<string, MethodSpec>> {
  readonly site: SiteDefinition<string, M>;
  /** Starts the part in one frame of a page of its site; `signal` ends everything it started. */
  start(signal: AbortSignal, frame: IsolatedFrame): StartedIsolatedSite<M>;
}

/** Declares a site's isolated-world part. */
export function defineIsolatedSite<M extends Record<string, MethodSpec>>(
  part: IsolatedSite<M>,
): IsolatedSite<M> {
  return Object.freeze(part);
}
