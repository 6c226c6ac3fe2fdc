// The CodeMirror 6 editor. Like typst.app, opening another file builds a new EditorView
// (the extension keys its edit tokens on view identity, so this must stay true).
import { EditorView, basicSetup } from 'codemirror';
import { Transaction } from '@codemirror/state';
import { setDiagnostics } from '@codemirror/lint';
import type { Diagnostic } from '@codemirror/lint';
import { typst } from 'codemirror-lang-typst';
import { clampToDoc } from './diagnostics';
import type { WorkbenchDiagnostic } from './diagnostics';

export interface EditorOptions {
  parent: HTMLElement;
  path: string;
  text: string;
  onChange(view: EditorView): void;
}

export function createEditor(options: EditorOptions): EditorView {
  const extensions = [
    basicSetup,
    EditorView.lineWrapping,
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.view);
    }),
  ];
  // Only Typst sources get the Typst grammar; ref.bib or LICENSE stay plain text.
  if (options.path.endsWith('.typ')) extensions.push(typst());
  return new EditorView({ doc: options.text, parent: options.parent, extensions });
}

/** Shows the diagnostics that belong to this file as lint marks. */
export function showLint(view: EditorView, path: string, diagnostics: WorkbenchDiagnostic[]): void {
  const marks: Diagnostic[] = diagnostics
    .filter((d) => d.path === path && d.start !== null)
    .map((d) => ({
      ...clampToDoc(view.state.doc, d),
      severity: d.severity,
      message: d.hint ? `${d.message} (hint: ${d.hint})` : d.message,
    }));
  view.dispatch(setDiagnostics(view.state, marks));
}

/** A collaborator's change: it arrives as a remote transaction, not as user input. */
export function applyRemoteEdit(
  view: EditorView,
  change: { from: number; to: number; insert: string },
): void {
  view.dispatch({
    changes: change,
    annotations: [Transaction.remote.of(true), Transaction.addToHistory.of(false)],
  });
}

/** Replaces the whole document (test control `setText` on the open file). */
export function replaceText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
