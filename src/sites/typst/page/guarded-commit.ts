// ## Owns
// The edit snapshot and the guarded commit in the MAIN world (study EDIT-01, EDIT-07):
// one atomic compare-and-dispatch. The commit checks, in order, that an editor is
// present, the open file is the expected one, the EditorView is the same object
// (token) and the document has the expected length and SHA-256; then it dispatches
// every change in ONE CodeMirror transaction. Any mismatch refuses with a code and
// changes nothing.
// ## Why
// Hashing is asynchronous (crypto.subtle), so a collaborator's transaction could land
// between the hash and the dispatch. CodeMirror replaces `state.doc` on every change,
// so re-checking the doc object's identity synchronously right before `dispatch`
// closes that window without hashing twice.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { MAX_DOCUMENT_CHARS } from '../../../shared/protocol/limits';
import { hashText } from '../../../shared/text/text-hash';
import { findEditorView, type TextLike } from './editor-view';
import { readFileIdentity } from './file-identity';

/** Hash per CodeMirror Text object: a doc object never changes, so its hash never does. */
const hashes = new WeakMap<TextLike, Promise<string>>();

function hashOfDoc(doc: TextLike): Promise<string> {
  let hash = hashes.get(doc);
  if (!hash) {
    hash = hashText(doc.toString());
    hashes.set(doc, hash);
  }
  return hash;
}

export interface EditSnapshotAnswer {
  fileLabel: string;
  viewToken: string;
  text: string;
  length: number;
  hash: string;
  selection: { anchor: number; head: number };
}

export interface CommitExpectation {
  readonly fileLabel: string;
  readonly viewToken: string;
  readonly length: number;
  readonly hash: string;
}

export interface CommitChange {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

function requireEditor() {
  const found = findEditorView();
  if (!found) throw new ProtocolFailure('PAGE_NO_EDITOR', 'No text editor is open on the page.');
  return found;
}

/** The full text, identity and selection an edit is prepared against. */
export async function readEditSnapshot(): Promise<EditSnapshotAnswer> {
  const found = requireEditor();
  const fileLabel = readFileIdentity()?.path;
  if (!fileLabel)
    throw new ProtocolFailure(
      'STALE_EDIT_FILE',
      'The open file cannot be identified from the page header.',
    );
  const { doc, selection } = found.view.state;
  if (doc.length > MAX_DOCUMENT_CHARS) {
    throw new ProtocolFailure(
      'EDIT_DOCUMENT_TOO_LARGE',
      `The document has ${doc.length} characters; edits are limited to ${MAX_DOCUMENT_CHARS}.`,
      { document_chars: doc.length },
    );
  }
  const text = doc.toString();
  const hash = await hashOfDoc(doc);
  return {
    fileLabel,
    viewToken: found.token,
    text,
    length: doc.length,
    hash,
    selection: { anchor: selection.main.anchor, head: selection.main.head },
  };
}

function assertChangesFit(length: number, changes: readonly CommitChange[]): void {
  let previousTo = 0;
  changes.forEach((change, index) => {
    if (change.from < previousTo || change.to < change.from || change.to > length) {
      throw new ProtocolFailure(
        'INVALID_EDIT_RANGE',
        `Change ${index + 1} is out of order or outside the document (0..${length}).`,
        { index },
      );
    }
    previousTo = change.to;
  });
}

function staleFile(expected: CommitExpectation, actual: string | undefined): ProtocolFailure {
  return new ProtocolFailure(
    'STALE_EDIT_FILE',
    `The open file is ${actual ?? 'unknown'}, not ${expected.fileLabel}.`,
    { expected: expected.fileLabel, actual: actual ?? null },
  );
}

/** Compare-and-dispatch; resolves with the new document's length and hash. */
export async function commitGuarded(
  expected: CommitExpectation,
  changes: readonly CommitChange[],
): Promise<{ applied: number; length: number; hash: string }> {
  const found = requireEditor();
  const fileLabel = readFileIdentity()?.path;
  if (fileLabel !== expected.fileLabel) throw staleFile(expected, fileLabel);
  if (found.token !== expected.viewToken)
    throw new ProtocolFailure(
      'STALE_EDITOR',
      'The editor was recreated since the edit was prepared.',
    );
  const doc = found.view.state.doc;
  if (doc.length !== expected.length || (await hashOfDoc(doc)) !== expected.hash) {
    throw new ProtocolFailure(
      'STALE_DOCUMENT',
      'The document changed since the edit was prepared.',
    );
  }
  // Re-check synchronously after the await: nothing may have run in between from here on.
  const again = findEditorView();
  if (again?.token !== expected.viewToken)
    throw new ProtocolFailure(
      'STALE_EDITOR',
      'The editor was recreated while the edit was checked.',
    );
  if (again.view.state.doc !== doc)
    throw new ProtocolFailure('STALE_DOCUMENT', 'The document changed while the edit was checked.');
  const fileNow = readFileIdentity()?.path;
  if (fileNow !== expected.fileLabel) throw staleFile(expected, fileNow);
  assertChangesFit(doc.length, changes);
  // Plain objects: the page's CodeMirror builds its own ChangeSet from them.
  again.view.dispatch({
    changes: changes.map(({ from, to, insert }) => ({ from, to, insert })),
    userEvent: 'input.side-agent',
  });
  const after = again.view.state.doc;
  return { applied: changes.length, length: after.length, hash: await hashOfDoc(after) };
}
