// ## Owns
// Reaching the page's own CodeMirror classes from a live EditorView, so the ghost text
// can be a real CodeMirror decoration without bundling a second CodeMirror (whose
// classes the page's editor would not recognise).
// ## How
// `view.constructor` is the page's EditorView; its static `scrollIntoView` returns a
// StateEffect, whose class carries `appendConfig`. The Decoration class is found from
// any decoration the editor already draws (syntax highlighting, the active line,
// selection marks): its prototype chain leads to the class with the static `widget`,
// `set` and `none`. All of these are public CodeMirror 6 API names, which minifiers keep.
import type { EditorViewLike } from '../editor-view';

/** A decoration set as far as we use it. */
export interface DecorationSetLike {
  readonly size: number;
}

interface RangeLike {
  readonly value: unknown;
  readonly from: number;
}

interface DecorationClass {
  widget(spec: { widget: unknown; side: number }): { range(from: number): RangeLike };
  set(ranges: readonly RangeLike[]): DecorationSetLike;
  readonly none: DecorationSetLike;
}

interface FacetLike {
  of(value: unknown): unknown;
}

interface EditorViewClass {
  scrollIntoView(position: number): { constructor: { appendConfig?: FacetLike } };
  readonly decorations: FacetLike;
  readonly updateListener: FacetLike;
}

interface CursorLike {
  readonly value: unknown;
  next(): void;
}

/** The page's CodeMirror classes the ghost text needs. */
export interface CodeMirrorReach {
  readonly Decoration: DecorationClass;
  /** `StateEffect.appendConfig`: adds an extension to a live editor. */
  readonly appendConfig: FacetLike;
  readonly decorations: FacetLike;
  readonly updateListener: FacetLike;
}

const MAX_PROTOTYPE_HOPS = 8;
const MAX_DECORATIONS_LOOKED_AT = 64;

function decorationClassOf(value: unknown): DecorationClass | null {
  let prototype: unknown = value === null || typeof value !== 'object' ? null : value;
  for (let hop = 0; prototype && hop < MAX_PROTOTYPE_HOPS; hop += 1) {
    const candidate = (prototype as { constructor?: Partial<DecorationClass> }).constructor;
    if (
      candidate &&
      typeof candidate.widget === 'function' &&
      typeof candidate.set === 'function' &&
      candidate.none
    )
      return candidate as DecorationClass;
    prototype = Object.getPrototypeOf(prototype);
  }
  return null;
}

function findDecorationClass(view: EditorViewLike, viewClass: EditorViewClass) {
  const state = view.state as unknown as { facet?(facet: unknown): unknown };
  if (typeof state.facet !== 'function') return null;
  const sources = state.facet(viewClass.decorations);
  if (!Array.isArray(sources)) return null;
  let looked = 0;
  for (const source of sources as unknown[]) {
    let set: unknown = source;
    try {
      if (typeof source === 'function') set = (source as (view: unknown) => unknown)(view);
    } catch {
      continue;
    }
    const iter = (set as { iter?(): CursorLike } | null)?.iter;
    if (typeof iter !== 'function') continue;
    for (const cursor = iter.call(set); cursor.value; cursor.next()) {
      const found = decorationClassOf(cursor.value);
      if (found) return found;
      looked += 1;
      if (looked > MAX_DECORATIONS_LOOKED_AT) return null;
    }
  }
  return null;
}

let cached: CodeMirrorReach | null = null;

/** The classes, or null while the editor draws no decoration to learn them from. */
export function reachCodeMirror(view: EditorViewLike): CodeMirrorReach | null {
  if (cached) return cached;
  const viewClass = view.constructor as unknown as Partial<EditorViewClass>;
  if (
    typeof viewClass.scrollIntoView !== 'function' ||
    !viewClass.decorations ||
    !viewClass.updateListener
  )
    return null;
  const appendConfig = viewClass.scrollIntoView(0).constructor.appendConfig;
  if (!appendConfig || typeof appendConfig.of !== 'function') return null;
  const Decoration = findDecorationClass(view, viewClass as EditorViewClass);
  if (!Decoration) return null;
  cached = {
    Decoration,
    appendConfig,
    decorations: viewClass.decorations,
    updateListener: viewClass.updateListener,
  };
  return cached;
}
