// The ghost text's CodeMirror widget. A MAIN-world script cannot extend the page's
// WidgetType class, so this implements the members CodeMirror 6 calls on a widget
// (those of WidgetType, in the 6.2x to 6.39 builds typst.app has shipped).
// The text is set with textContent: model output never becomes markup.

/** The attribute tests and the bench find the ghost text by. */
export const GHOST_ATTRIBUTE = 'data-side-agent-ghost';

const STYLE = 'opacity:.45;font-style:italic;pointer-events:none;white-space:pre-wrap;';

export class GhostWidget {
  constructor(readonly text: string) {}

  eq(other: unknown): boolean {
    return other instanceof GhostWidget && other.text === this.text;
  }

  compare(other: unknown): boolean {
    return other === this || this.eq(other);
  }

  toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.setAttribute(GHOST_ATTRIBUTE, '');
    // Read out by nothing: the text is a suggestion, announced by the page's own
    // editor only once accepted.
    span.setAttribute('aria-hidden', 'true');
    span.style.cssText = STYLE;
    span.textContent = this.text;
    return span;
  }

  updateDOM(): boolean {
    return false;
  }

  get estimatedHeight(): number {
    return -1;
  }

  get lineBreaks(): number {
    return 0;
  }

  ignoreEvent(): boolean {
    return true;
  }

  coordsAt(): null {
    return null;
  }

  get isHidden(): boolean {
    return false;
  }

  get editable(): boolean {
    return false;
  }

  destroy(): void {
    // Nothing to release: the span holds no listeners.
  }
}
