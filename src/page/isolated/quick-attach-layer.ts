// ## Owns
// The floating "Add to agent" buttons of a site that offers them: one at the end of a
// non-empty selection, one on an opened image, where the site's MAIN-world code says
// they belong. Drawn here, in the
// isolated world, in a closed shadow root appended to <html>, so page CSS cannot
// restyle them and page scripts cannot reach them.
// ## Why the isolated world renders
// A click here reaches the worker through chrome.runtime in the same task, so the
// worker may open the side panel with that user gesture (sidePanel.open needs one).
// Only the MAIN world can ask CodeMirror where the selection ends, so it publishes
// the anchor points (a site's MAIN-world code) and this layer
// only places, shows and hides the buttons: it knows no site.
// ## Never
// Acts on a click the browser did not mark trusted (a page's synthetic click), or
// sends page data: the event names a kind and an id, nothing else.
import type { QuickAttachKind } from '../../shared/protocol/page-to-worker';
import type { QuickActionRef } from '../../shared/protocol/quick-actions';
import {
  createQuickActionToolbar,
  TOOLBAR_STYLE,
  type QuickActionToolbar,
} from './quick-action-toolbar';
import { createId } from '../../shared/lib/ids';
import {
  ANCHORS_EVENT,
  ANCHORS_REQUEST_EVENT,
  NO_ANCHORS,
  parseAnchors,
  placeButton,
  type Anchors,
} from './quick-attach-placement';

/** Repeated image clicks within this window count once. */
export const IMAGE_CLICK_DEBOUNCE_MS = 900;
/** Above the page's own overlays. */
export const QUICK_ATTACH_Z_INDEX = 2_147_483_646;
export const BUTTON_IDS: Readonly<Record<QuickAttachKind, string>> = {
  selection: 'side-agent-selection-float',
  image: 'side-agent-image-float',
};
const LABELS: Readonly<Record<QuickAttachKind, string>> = {
  selection: 'Add to agent',
  image: 'Add image to agent',
};

const STYLE = `
:host { all: initial; }
button {
  position: fixed; left: 0; top: 0; margin: 0; z-index: ${QUICK_ATTACH_Z_INDEX};
  font: 500 12px/1.2 system-ui, sans-serif; padding: 5px 9px; border-radius: 6px;
  border: 1px solid #1f6f8b; background: #239dad; color: #fff; cursor: pointer;
  box-shadow: 0 2px 6px rgb(0 0 0 / 25%); white-space: nowrap; pointer-events: auto;
}
button:hover { background: #1f8a98; }
button:focus-visible { outline: 2px solid #0b3d91; outline-offset: 2px; }
button[hidden] { display: none; }
`;

export interface QuickAttachLayerOptions {
  readonly signal: AbortSignal;
  /** Sends `page/quick-attach`; called synchronously inside the trusted click. */
  readonly emit: (kind: QuickAttachKind, eventId: string, action?: QuickActionRef) => void;
  readonly now?: () => number;
}

export interface QuickAttachLayer {
  /** The isolated world's own handles (page scripts cannot see them): for tests. */
  readonly buttons: Readonly<Record<QuickAttachKind, HTMLButtonElement>>;
  readonly host: HTMLElement;
  /** The quick-actions toolbar of a selection. */
  readonly toolbar: QuickActionToolbar;
  /** Places the buttons now instead of at the next animation frame. */
  flush(): void;
}

export function startQuickAttachLayer(options: QuickAttachLayerOptions): QuickAttachLayer {
  const { signal, emit } = options;
  const now = options.now ?? Date.now;
  // A custom element name: generic page selectors (`div`, `button`) never match the host.
  // The host's own z-index: a fixed host is a stacking context, so the buttons' z-index
  // alone cannot lift them over page layers that come after it (the host sits before
  // <body> when it starts at document_start).
  const host = document.createElement('side-agent-quick-attach');
  host.setAttribute(
    'style',
    'all: initial !important; position: fixed !important; left: 0 !important; top: 0 !important; width: 0 !important; height: 0 !important; display: block !important; z-index: 2147483646 !important;',
  );
  const root = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = STYLE + TOOLBAR_STYLE;
  root.append(style);

  let anchors: Anchors = NO_ANCHORS;
  let frame: number | null = null;
  let lastImageClick = -Infinity;

  const makeButton = (kind: QuickAttachKind) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = BUTTON_IDS[kind];
    button.textContent = LABELS[kind];
    button.hidden = true;
    // Keep the editor's focus and selection: a mousedown would otherwise collapse it.
    button.addEventListener('mousedown', (event) => event.preventDefault(), { signal });
    button.addEventListener('click', (event) => onClick(kind, event), { signal });
    root.append(button);
    return button;
  };

  function onClick(kind: QuickAttachKind, event: MouseEvent): void {
    event.preventDefault();
    event.stopPropagation();
    // A page's synthetic click (dispatchEvent) is never trusted; only a person's is.
    if (!event.isTrusted) return;
    if (kind === 'image') {
      const at = now();
      if (at - lastImageClick < IMAGE_CLICK_DEBOUNCE_MS) return;
      lastImageClick = at;
    }
    emit(kind, createId());
  }

  const buttons = { selection: makeButton('selection'), image: makeButton('image') };
  // A toolbar click carries its user gesture to the worker like "Add to agent" does.
  const toolbar = createQuickActionToolbar(root, signal, (action) =>
    emit('selection', createId(), action),
  );

  function place(): void {
    frame = null;
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    for (const kind of ['selection', 'image'] as const) {
      const button = buttons[kind];
      const anchor = anchors[kind];
      if (!anchor) {
        button.hidden = true;
        continue;
      }
      button.hidden = false;
      const size = { width: button.offsetWidth, height: button.offsetHeight };
      const { left, top } = placeButton(anchor, size, viewport);
      button.style.transform = `translate(${left}px, ${top}px)`;
    }
    toolbar.place(anchors.selection, anchors.selectionBand ?? null);
  }

  const schedule = () => {
    if (frame !== null || signal.aborted) return;
    frame = requestAnimationFrame(place);
  };

  document.addEventListener(
    ANCHORS_EVENT,
    (event) => {
      const parsed = parseAnchors((event as CustomEvent<unknown>).detail);
      if (!parsed) return;
      anchors = parsed;
      schedule();
    },
    { signal },
  );
  // The viewport changed: re-clamp even if the anchor points stayed the same.
  window.addEventListener('resize', schedule, { passive: true, signal });

  const attach = () => {
    if (!host.isConnected && !signal.aborted) document.documentElement.append(host);
  };
  attach();
  // A page that rewrites <html>'s children would drop the layer; put it back.
  const keeper = new MutationObserver(attach);
  keeper.observe(document.documentElement, { childList: true });
  // Ask the MAIN world for the current anchors: it may have started first.
  document.dispatchEvent(new CustomEvent(ANCHORS_REQUEST_EVENT));
  signal.addEventListener(
    'abort',
    () => {
      if (frame !== null) cancelAnimationFrame(frame);
      keeper.disconnect();
      host.remove();
    },
    { once: true },
  );
  return {
    buttons,
    host,
    toolbar,
    flush: () => {
      if (frame !== null) cancelAnimationFrame(frame);
      place();
    },
  };
}
