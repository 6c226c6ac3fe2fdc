// ## Owns
// The quick-actions toolbar next to the "Add to agent" button of a selection: one
// real, named button per action (built-ins, then the person's own), reachable with
// Tab and the arrow keys, closed by Escape until the selection changes. It lives in
// the quick-attach layer's closed shadow root and is placed below (or above) the
// selected lines, never over them.
// ## Never
// Acts on an untrusted click or key, or carries page data: a click names the action.
import {
  BUILT_IN_QUICK_ACTION_NAMES,
  BuiltInQuickActionSchema,
  QuickActionButtonSchema,
  type QuickActionButton,
  type QuickActionRef,
} from '../../shared/protocol/quick-actions';
import { placeToolbar, type Band, type Point } from './quick-attach-placement';

export const TOOLBAR_ID = 'side-agent-quick-actions';
/** The most buttons drawn: the built-ins and twelve of the person's. */
const MAX_BUTTONS = 16;

export const TOOLBAR_STYLE = `
[role="toolbar"] {
  position: fixed; left: 0; top: 0; margin: 0; display: flex; gap: 4px; flex-wrap: wrap;
  max-width: min(560px, calc(100vw - 16px)); padding: 4px; border-radius: 8px;
  background: #ffffff; border: 1px solid #1f6f8b; box-shadow: 0 2px 8px rgb(0 0 0 / 25%);
  pointer-events: auto; z-index: 2147483646;
}
[role="toolbar"][hidden] { display: none; }
[role="toolbar"] button {
  position: static; transform: none; box-shadow: none;
  background: #ffffff; color: #12414f; border-color: #8fc3cc;
}
[role="toolbar"] button:hover { background: #e4f4f6; }
`;

const builtInButtons = (): QuickActionButton[] =>
  BuiltInQuickActionSchema.options.map((ref) => ({ ref, name: BUILT_IN_QUICK_ACTION_NAMES[ref] }));

export interface QuickActionToolbar {
  readonly element: HTMLElement;
  /** Draws the person's actions (validated; anything malformed keeps the built-ins). */
  setActions(actions: unknown): void;
  /** Shows the toolbar for a selection at `end` spanning `lines`, or hides it (null). */
  place(end: Point | null, lines: Band | null): void;
  readonly buttons: () => readonly HTMLButtonElement[];
}

export function createQuickActionToolbar(
  root: ShadowRoot,
  signal: AbortSignal,
  choose: (ref: QuickActionRef) => void,
): QuickActionToolbar {
  const element = document.createElement('div');
  element.id = TOOLBAR_ID;
  element.setAttribute('role', 'toolbar');
  element.setAttribute('aria-label', 'Side Agent quick actions');
  element.hidden = true;
  root.append(element);
  // Escape closes it for this selection; a new selection brings it back.
  let dismissedFor: string | null = null;
  let shownFor: string | null = null;

  const render = (actions: readonly QuickActionButton[]) => {
    element.replaceChildren(
      ...actions.slice(0, MAX_BUTTONS).map((action) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = action.name;
        button.dataset['action'] = action.ref;
        button.addEventListener('mousedown', (event) => event.preventDefault(), { signal });
        button.addEventListener(
          'click',
          (event) => {
            event.preventDefault();
            event.stopPropagation();
            if (event.isTrusted) choose(action.ref);
          },
          { signal },
        );
        return button;
      }),
    );
  };
  render(builtInButtons());

  const buttons = () => [...element.querySelectorAll('button')];
  element.addEventListener(
    'keydown',
    (event) => {
      if (!event.isTrusted) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        dismissedFor = shownFor;
        element.hidden = true;
        return;
      }
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const all = buttons();
      const at = all.indexOf(root.activeElement as HTMLButtonElement);
      if (at < 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : -1;
      all[(at + step + all.length) % all.length]?.focus();
    },
    { signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.isTrusted && event.key === 'Escape' && !element.hidden) {
        dismissedFor = shownFor;
        element.hidden = true;
      }
    },
    { signal },
  );

  return {
    element,
    buttons,
    setActions(actions) {
      const list = Array.isArray(actions) ? actions : [];
      const parsed = list
        .slice(0, MAX_BUTTONS)
        .map((item) => QuickActionButtonSchema.safeParse(item));
      if (parsed.some((item) => !item.success)) return render(builtInButtons());
      render(parsed.flatMap((item) => (item.success ? [item.data] : [])));
    },
    place(end, lines) {
      const key = end && lines ? `${end.x},${end.y},${lines.top},${lines.bottom}` : null;
      shownFor = key;
      if (!end || !lines || key === dismissedFor) {
        element.hidden = true;
        if (!key) dismissedFor = null;
        return;
      }
      element.hidden = false;
      const size = { width: element.offsetWidth, height: element.offsetHeight };
      const viewport = { width: window.innerWidth, height: window.innerHeight };
      const { left, top } = placeToolbar(end.x, lines, size, viewport);
      element.style.transform = `translate(${left}px, ${top}px)`;
    },
  };
}
