// ## Owns
// Finding the page's CodeMirror 6 EditorView from the DOM, and a token per view
// object so an edit prepared against one view is refused by a later one.
// ## Why
// A MAIN-world script cannot import the page's CodeMirror classes. CodeMirror
// keeps a private back-reference on its DOM nodes: `cmTile` since @codemirror/view
// 6.39.0 and `cmView` before it. Both
// property names survive minification. From any tile or view, `view`,
// `editorView`, `root` or `parent` lead up to the EditorView.
import { createId } from '../../../shared/lib/ids';

/** The parts of CodeMirror's Text the adapters read. */
export interface TextLike {
  readonly length: number;
  readonly lines: number;
  toString(): string;
  sliceString(from: number, to?: number): string;
  line(number: number): {
    readonly from: number;
    readonly to: number;
    readonly number: number;
    readonly text: string;
  };
  lineAt(position: number): {
    readonly from: number;
    readonly to: number;
    readonly number: number;
    readonly text: string;
  };
}

/** The parts of CodeMirror's EditorView the adapters use. */
export interface EditorViewLike {
  readonly state: {
    readonly doc: TextLike;
    readonly selection: {
      readonly main: {
        readonly anchor: number;
        readonly head: number;
        readonly from: number;
        readonly to: number;
      };
    };
  };
  readonly dom: HTMLElement;
  readonly scrollDOM: HTMLElement;
  readonly contentDOM: HTMLElement;
  dispatch(...specs: unknown[]): void;
  /** Document position of a DOM node inside the editor (lint marks). */
  posAtDOM?(node: Node, offset?: number): number;
}

export type BackReference = 'cmTile' | 'cmView';

export interface FoundView {
  readonly view: EditorViewLike;
  readonly backReference: BackReference;
  readonly token: string;
}

const MAX_HOPS = 20;
const tokens = new WeakMap<object, string>();
let cached: FoundView | null = null;

function isView(candidate: unknown): candidate is EditorViewLike {
  if (typeof candidate !== 'object' || candidate === null) return false;
  const value = candidate as Partial<EditorViewLike>;
  return (
    typeof value.dispatch === 'function' &&
    typeof value.state === 'object' &&
    value.state !== null &&
    value.dom instanceof HTMLElement
  );
}

function climb(start: unknown): EditorViewLike | null {
  let node: unknown = start;
  for (let hops = 0; node && hops < MAX_HOPS; hops += 1) {
    if (isView(node)) return node;
    const step = node as {
      view?: unknown;
      editorView?: unknown;
      root?: { view?: unknown };
      parent?: unknown;
    };
    if (isView(step.view)) return step.view;
    if (isView(step.editorView)) return step.editorView;
    if (isView(step.root?.view)) return step.root.view;
    node = step.parent;
  }
  return null;
}

function tokenFor(view: EditorViewLike): string {
  let token = tokens.get(view);
  if (!token) {
    token = createId();
    tokens.set(view, token);
  }
  return token;
}

/** The page's EditorView, or null. Cached while its DOM stays connected. */
export function findEditorView(root: ParentNode = document): FoundView | null {
  if (cached && cached.view.dom.isConnected) return cached;
  cached = null;
  const start = root.querySelector('.cm-content') ?? root.querySelector('.cm-line');
  for (let node: Node | null = start; node; node = node.parentNode) {
    for (const backReference of ['cmTile', 'cmView'] as const) {
      const reference = (node as unknown as Record<string, unknown>)[backReference];
      if (!reference) continue;
      const view = climb(reference);
      if (view) {
        cached = { view, backReference, token: tokenFor(view) };
        return cached;
      }
    }
  }
  return null;
}
