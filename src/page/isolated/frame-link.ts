// ## Owns
// The link between a frame element in a parent document and the relay of the
// document it shows. Each relay draws a random token, tells the worker (page/ready)
// and its parent window (a `hello` message); the parent's relay keeps, per child
// window, the token it last heard, so a walk of the parent can say which document
// each <iframe> shows and the worker can put that document's tree under it.
// ## Why messages between windows
// Nothing else connects the two: a content script cannot learn a child frame's id,
// and a cross-origin child's document is out of the parent's reach. A message's
// source is the child's window, which the parent can compare with each frame
// element's contentWindow, for same- and cross-origin frames alike.
// ## What the page can do with it
// Page scripts see these messages and can post look-alikes. A token names a relay
// the worker already knows from its own channel, so a forged token can only move a
// document of this same page under another of its frame elements (the worker
// stitches each document once); it reaches nothing the page does not control.
// The token is not the document id that pins requests.
import { createId } from '../../shared/lib/ids';

const MARK = 'sideAgentFrameLink';
/** Where the worker finds this document's token after it restarted and forgot it. */
export const FRAME_LINK_GLOBAL = Symbol.for('side-agent.frame-link');
/** How long a walk waits for child frames it has not heard from to introduce themselves. */
const INTRODUCE_WAIT_MS = 40;
const TOKEN = /^[A-Za-z0-9._:-]{1,128}$/;

export interface FrameLinks {
  /** This document's own token. */
  readonly token: string;
  /** The token of the document a frame element shows, or null when it never said. */
  tokenOf(frameElement: Element): string | null;
  /**
   * Asks the documents in these frame elements that have not introduced themselves
   * (and were not asked before) to do so, waiting briefly for their answers.
   */
  introduce(frameElements: readonly Element[]): Promise<void>;
}

type LinkMessage = { [MARK]: 'hello'; token: string } | { [MARK]: 'who' };

function readMessage(data: unknown): LinkMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const kind = (data as Record<string, unknown>)[MARK];
  if (kind === 'who') return { [MARK]: 'who' };
  const token = (data as Record<string, unknown>)['token'];
  if (kind === 'hello' && typeof token === 'string' && TOKEN.test(token))
    return { [MARK]: 'hello', token };
  return null;
}

function isChildOf(source: unknown, parent: Window): source is Window {
  try {
    return (
      source !== null &&
      typeof source === 'object' &&
      (source as Window).parent === parent &&
      source !== parent
    );
  } catch {
    return false;
  }
}

function post(target: Window, message: LinkMessage): void {
  try {
    target.postMessage(message, '*');
  } catch {
    // A window that went away mid-call has nobody to tell.
  }
}

export function startFrameLink(options: {
  readonly signal: AbortSignal;
  readonly documentId: string;
  readonly isTop: boolean;
}): FrameLinks {
  const token = createId();
  const tokens = new WeakMap<Window, string>();
  const asked = new WeakSet<Window>();
  const listeners = new Set<() => void>();
  const announce = () => {
    if (!options.isTop) post(window.parent, { [MARK]: 'hello', token });
  };
  window.addEventListener(
    'message',
    (event) => {
      const message = readMessage(event.data);
      if (!message) return;
      if (message[MARK] === 'who') {
        if (!options.isTop && event.source === window.parent) announce();
        return;
      }
      if (!isChildOf(event.source, window)) return;
      tokens.set(event.source, message.token);
      for (const listener of [...listeners]) listener();
    },
    { signal: options.signal },
  );
  (globalThis as Record<symbol, unknown>)[FRAME_LINK_GLOBAL] = {
    documentId: options.documentId,
    token,
  };
  announce();
  // Children whose relays started before this one could not reach it: ask them.
  for (let index = 0; index < window.length; index += 1) {
    const child = window.frames[index];
    if (child) post(child, { [MARK]: 'who' });
  }

  return {
    token,
    tokenOf(frameElement) {
      const child = (frameElement as HTMLIFrameElement).contentWindow;
      return child ? (tokens.get(child) ?? null) : null;
    },
    async introduce(frameElements) {
      const waiting: Window[] = [];
      for (const element of frameElements) {
        const child = (element as HTMLIFrameElement).contentWindow;
        if (!child || tokens.has(child) || asked.has(child)) continue;
        asked.add(child);
        waiting.push(child);
        post(child, { [MARK]: 'who' });
      }
      if (waiting.length === 0 || options.signal.aborted) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        };
        const check = () => {
          if (waiting.every((child) => tokens.has(child))) done();
        };
        const timer = setTimeout(done, INTRODUCE_WAIT_MS);
        listeners.add(check);
      });
    },
  };
}
