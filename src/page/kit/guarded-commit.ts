// ## Owns
// The edit snapshot and the guarded commit of a document page, in the page: one
// atomic compare-and-dispatch. The commit checks, in order, that an editor is present,
// the page still shows the expected chat scope and file, the editor is the same
// instance (token) and the document has the expected length and SHA-256; then it
// dispatches every change in ONE editor transaction. Any mismatch refuses with a code
// and changes nothing.
// ## Why
// Hashing is asynchronous (crypto.subtle), so a collaborator's transaction could land
// between the hash and the dispatch. Editors keep documents immutable (a change makes
// a new document object), so re-checking the object's identity synchronously right
// before `dispatch` closes that window without hashing twice.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { CommitExpectation, DocumentSnapshot } from '../../shared/protocol/document-methods';
import { MAX_DOCUMENT_CHARS } from '../../shared/protocol/limits';
import { hashText } from '../../shared/text/text-hash';
import type { DocumentHost, DocumentText } from './document-host';

/** Hash per document object: an object never changes, so its hash never does. */
const hashes = new WeakMap<DocumentText, Promise<string>>();

function hashOfDocument(document: DocumentText): Promise<string> {
  let hash = hashes.get(document);
  if (!hash) {
    hash = hashText(document.toString());
    hashes.set(document, hash);
  }
  return hash;
}

export interface CommitChange {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

function requireEditor(host: DocumentHost) {
  const editor = host.editor();
  if (!editor) throw new ProtocolFailure('PAGE_NO_EDITOR', 'No text editor is open on the page.');
  return editor;
}

/** The full text, identity and selection an edit is prepared against. */
export async function readEditSnapshot(host: DocumentHost): Promise<DocumentSnapshot> {
  const editor = requireEditor(host);
  const fileLabel = host.fileLabel();
  if (!fileLabel)
    throw new ProtocolFailure(
      'STALE_EDIT_FILE',
      'The open file cannot be identified from the page.',
    );
  const document = editor.document();
  if (document.length > MAX_DOCUMENT_CHARS) {
    throw new ProtocolFailure(
      'EDIT_DOCUMENT_TOO_LARGE',
      `The document has ${document.length} characters; edits are limited to ${MAX_DOCUMENT_CHARS}.`,
      { document_chars: document.length },
    );
  }
  return {
    scopeKey: host.scopeKey(),
    fileLabel,
    viewToken: editor.token,
    text: document.toString(),
    length: document.length,
    hash: await hashOfDocument(document),
    selection: editor.selection(),
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

function checkPlace(host: DocumentHost, expected: CommitExpectation): void {
  const scopeKey = host.scopeKey();
  if (scopeKey !== expected.scopeKey) {
    throw new ProtocolFailure(
      'STALE_SCOPE',
      'The page now shows another project than the one this edit was prepared for.',
      { expected: expected.scopeKey, actual: scopeKey },
    );
  }
  const fileLabel = host.fileLabel();
  if (fileLabel !== expected.fileLabel) {
    throw new ProtocolFailure(
      'STALE_EDIT_FILE',
      `The open file is ${fileLabel ?? 'unknown'}, not ${expected.fileLabel}.`,
      { expected: expected.fileLabel, actual: fileLabel ?? null },
    );
  }
}

/** Compare-and-dispatch; resolves with the new document's length and hash. */
export async function commitGuarded(
  host: DocumentHost,
  expected: CommitExpectation,
  changes: readonly CommitChange[],
  options: { readonly cursor?: number } = {},
): Promise<{ applied: number; length: number; hash: string }> {
  const editor = requireEditor(host);
  checkPlace(host, expected);
  if (editor.token !== expected.viewToken)
    throw new ProtocolFailure(
      'STALE_EDITOR',
      'The editor was recreated since the edit was prepared.',
    );
  const document = editor.document();
  if (document.length !== expected.length || (await hashOfDocument(document)) !== expected.hash) {
    throw new ProtocolFailure(
      'STALE_DOCUMENT',
      'The document changed since the edit was prepared.',
    );
  }
  // Re-check synchronously after the await: nothing may run in between from here on.
  const again = host.editor();
  if (again?.token !== expected.viewToken)
    throw new ProtocolFailure(
      'STALE_EDITOR',
      'The editor was recreated while the edit was checked.',
    );
  if (again.document() !== document)
    throw new ProtocolFailure('STALE_DOCUMENT', 'The document changed while the edit was checked.');
  checkPlace(host, expected);
  assertChangesFit(document.length, changes);
  // An accepted completion puts the caret after its text in the same transaction, so
  // the next key the person types lands after it, not before it.
  again.dispatch(changes, options.cursor === undefined ? {} : { cursor: options.cursor });
  const after = again.document();
  return { applied: changes.length, length: after.length, hash: await hashOfDocument(after) };
}
