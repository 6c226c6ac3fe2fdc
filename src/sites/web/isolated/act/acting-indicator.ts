// ## Owns
// The mark on a tab the agent acts in: a coloured frame around the page and a small
// "Side Agent is acting" bar with Stop, drawn in a closed shadow root on <html> so
// page CSS cannot restyle it and page scripts cannot reach it. It is shown for a lease
// the worker renews with every action, so it goes away when the run ends, and also
// when the worker dies without a word. It steps aside (another corner) from an element
// about to be pressed, so a trusted click never lands on it.
// ## Never
// Acts on a click the browser did not mark trusted, or reads as page content: the
// host is marked as our own UI, so our readers do not open its root.
import { markOwnUi } from '../../../../page/isolated/shadow-roots';
import { CORNER_INSET, cornerClearOf, type Box, type Corner } from './indicator-corner';

export const INDICATOR_TAG = 'side-agent-acting';
/** Above the page's own overlays. */
const TOP_LAYER_Z = 2_147_483_646;

const STYLE = `
:host { all: initial; }
.frame {
  position: fixed; inset: 0; z-index: ${TOP_LAYER_Z}; pointer-events: none;
  border: 3px solid #d9730d; box-shadow: inset 0 0 14px rgb(217 115 13 / 35%);
}
.bar {
  position: fixed; right: ${CORNER_INSET}px; bottom: ${CORNER_INSET}px; z-index: ${TOP_LAYER_Z}; pointer-events: auto;
  display: flex; align-items: center; gap: 8px; padding: 5px 6px 5px 10px;
  font: 500 12px/1.2 system-ui, sans-serif; color: #1f1f1f; background: #fff7ed;
  border: 1px solid #d9730d; border-radius: 8px; box-shadow: 0 2px 8px rgb(0 0 0 / 20%);
}
.bar[data-corner$="left"] { right: auto; left: ${CORNER_INSET}px; }
.bar[data-corner^="top"] { bottom: auto; top: ${CORNER_INSET}px; }
button {
  font: inherit; padding: 4px 10px; border-radius: 6px; cursor: pointer;
  border: 1px solid #b45309; background: #c2410c; color: #fff;
}
button:hover { background: #9a3412; }
button:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  .bar { color: #fde7d1; background: #2b1a0e; }
}
`;

export interface ActingIndicator {
  /** Shows the mark (again) for `leaseMs`; renews a shown one. */
  show(leaseMs: number): void;
  hide(): void;
  readonly shown: () => boolean;
  /** Moves the bar to a corner clear of `target` (viewport coordinates) while shown. */
  stepAside(target: Box): void;
  /** The corner the bar sits in. */
  readonly corner: () => Corner;
}

// The frame's indicator while it is shown, for the press that must not land on it.
let shownIndicator: ActingIndicator | null = null;

/** Moves this frame's acting bar, if shown, out of the way of `target`. */
export function stepAsideFrom(target: Box): void {
  shownIndicator?.stepAside(target);
}

export function createActingIndicator(options: {
  readonly signal: AbortSignal;
  /** The person pressed Stop (a trusted click). */
  readonly stop: () => void;
  readonly doc?: Document;
}): ActingIndicator {
  const doc = options.doc ?? document;
  let host: HTMLElement | null = null;
  let bar: HTMLElement | null = null;
  let corner: Corner = 'bottom-right';
  let timer: ReturnType<typeof setTimeout> | undefined;

  function build(): HTMLElement {
    const element = doc.createElement(INDICATOR_TAG);
    markOwnUi(element);
    const root = element.attachShadow({ mode: 'closed' });
    const style = doc.createElement('style');
    style.textContent = STYLE;
    const frame = doc.createElement('div');
    frame.className = 'frame';
    bar = doc.createElement('div');
    bar.className = 'bar';
    bar.dataset['corner'] = corner;
    bar.setAttribute('role', 'status');
    const text = doc.createElement('span');
    text.textContent = 'Side Agent is acting in this tab';
    const button = doc.createElement('button');
    button.type = 'button';
    button.textContent = 'Stop';
    button.setAttribute('aria-label', 'Stop Side Agent');
    button.addEventListener('click', (event) => {
      if (!event.isTrusted) return;
      hide();
      options.stop();
    });
    bar.append(text, button);
    root.append(style, frame, bar);
    return element;
  }

  function hide(): void {
    clearTimeout(timer);
    timer = undefined;
    host?.remove();
    host = null;
    bar = null;
    if (shownIndicator === indicator) shownIndicator = null;
  }

  options.signal.addEventListener('abort', hide, { once: true });
  const indicator: ActingIndicator = {
    show(leaseMs) {
      if (options.signal.aborted) return;
      host ??= build();
      // A page that removed it (or replaced <html>'s children) gets it back.
      if (!host.isConnected) doc.documentElement.append(host);
      shownIndicator = indicator;
      clearTimeout(timer);
      timer = setTimeout(hide, leaseMs);
    },
    hide,
    shown: () => host?.isConnected === true,
    stepAside(target) {
      if (!bar || !host?.isConnected) return;
      const rect = bar.getBoundingClientRect();
      const view = doc.defaultView;
      const size = { width: rect.width, height: rect.height };
      const viewport = {
        width: view?.innerWidth ?? doc.documentElement.clientWidth,
        height: view?.innerHeight ?? doc.documentElement.clientHeight,
      };
      corner = cornerClearOf(target, size, viewport, corner);
      bar.dataset['corner'] = corner;
    },
    corner: () => corner,
  };
  return indicator;
}
