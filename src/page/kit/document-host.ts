// ## Owns
// What a document site's page part exposes so that the site-neutral document code
// (the guarded commit, the review overlay) can work on its editor without knowing it.

/** An immutable document: a different object after every change. */
export interface DocumentText {
  readonly length: number;
  toString(): string;
}

/** One live editor instance. */
export interface DocumentEditor {
  /** Changes whenever the page recreates its editor. */
  readonly token: string;
  /** The current document object. */
  document(): DocumentText;
  selection(): { anchor: number; head: number };
  /**
   * Applies every change in one editor transaction, synchronously; `cursor` (a position
   * in the new document) puts the caret there in the same transaction.
   */
  dispatch(
    changes: readonly { from: number; to: number; insert: string }[],
    options?: { readonly cursor?: number },
  ): void;
  /** The element the review overlay covers (the editor's scroll area). */
  readonly surface: Element;
  /** The element whose font the overlay copies. */
  readonly content: Element;
}

/** A page's document, as its site reads it now. */
export interface DocumentHost {
  /** The editor shown now, or null. */
  editor(): DocumentEditor | null;
  /** The open file as the page names it, or null when it cannot be identified. */
  fileLabel(): string | null;
  /** The chat scope key the page shows now (for example a project id). */
  scopeKey(): string | null;
}
