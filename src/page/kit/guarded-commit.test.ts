import { describe, expect, it } from 'vitest';
import type { CommitExpectation } from '../../shared/protocol/document-methods';
import { MAX_DOCUMENT_CHARS } from '../../shared/protocol/limits';
import { hashText } from '../../shared/text/text-hash';
import type { DocumentEditor, DocumentHost, DocumentText } from './document-host';
import { commitGuarded, readEditSnapshot } from './guarded-commit';

/** An immutable document object, as editors keep them: a change makes a new one. */
class Doc implements DocumentText {
  constructor(private readonly text: string) {}
  get length(): number {
    return this.text.length;
  }
  toString(): string {
    return this.text;
  }
}

interface FakePage {
  host: DocumentHost;
  editor: DocumentEditor & { dispatched: number; doc: Doc };
  /** What the page shows; tests change these to simulate navigation or a new editor. */
  state: { scopeKey: string | null; fileLabel: string | null; editor: DocumentEditor | null };
}

/** A page with one editor holding `text`; dispatch applies changes as one transaction. */
function fakePage(text: string, token = 'view-1'): FakePage {
  const surface = {} as Element;
  const editor = {
    token,
    doc: new Doc(text),
    dispatched: 0,
    document() {
      return this.doc;
    },
    selection: () => ({ anchor: 1, head: 3 }),
    dispatch(changes: readonly { from: number; to: number; insert: string }[]) {
      let result = '';
      let cursor = 0;
      const current = this.doc.toString();
      for (const change of changes) {
        result += current.slice(cursor, change.from) + change.insert;
        cursor = change.to;
      }
      this.doc = new Doc(result + current.slice(cursor));
      this.dispatched += 1;
    },
    surface,
    content: surface,
  };
  const state: FakePage['state'] = { scopeKey: 'project-1', fileLabel: 'main.typ', editor };
  const host: DocumentHost = {
    editor: () => state.editor,
    fileLabel: () => state.fileLabel,
    scopeKey: () => state.scopeKey,
  };
  return { host, editor, state };
}

async function expectationOf(page: FakePage): Promise<CommitExpectation> {
  const snapshot = await readEditSnapshot(page.host);
  return {
    scopeKey: snapshot.scopeKey,
    fileLabel: snapshot.fileLabel,
    viewToken: snapshot.viewToken,
    length: snapshot.length,
    hash: snapshot.hash,
  };
}

describe('readEditSnapshot', () => {
  it('returns the text, identity, hash and selection of the open editor', async () => {
    const page = fakePage('hello world');
    await expect(readEditSnapshot(page.host)).resolves.toEqual({
      scopeKey: 'project-1',
      fileLabel: 'main.typ',
      viewToken: 'view-1',
      text: 'hello world',
      length: 11,
      hash: await hashText('hello world'),
      selection: { anchor: 1, head: 3 },
    });
  });

  it('refuses when no editor is open', async () => {
    const page = fakePage('x');
    page.state.editor = null;
    await expect(readEditSnapshot(page.host)).rejects.toMatchObject({
      code: 'PAGE_NO_EDITOR',
      message: 'No text editor is open on the page.',
    });
  });

  it('refuses when the open file cannot be identified', async () => {
    const page = fakePage('x');
    page.state.fileLabel = null;
    await expect(readEditSnapshot(page.host)).rejects.toMatchObject({
      code: 'STALE_EDIT_FILE',
      message: 'The open file cannot be identified from the page.',
    });
    page.state.fileLabel = '';
    await expect(readEditSnapshot(page.host)).rejects.toMatchObject({ code: 'STALE_EDIT_FILE' });
  });

  it('accepts a document of exactly the limit and refuses one character more', async () => {
    const atLimit = fakePage('a'.repeat(MAX_DOCUMENT_CHARS));
    await expect(readEditSnapshot(atLimit.host)).resolves.toMatchObject({
      length: MAX_DOCUMENT_CHARS,
    });
    const over = fakePage('a'.repeat(MAX_DOCUMENT_CHARS + 1));
    await expect(readEditSnapshot(over.host)).rejects.toMatchObject({
      code: 'EDIT_DOCUMENT_TOO_LARGE',
      message: `The document has ${MAX_DOCUMENT_CHARS + 1} characters; edits are limited to ${MAX_DOCUMENT_CHARS}.`,
      details: { document_chars: MAX_DOCUMENT_CHARS + 1 },
    });
  });
});

describe('commitGuarded', () => {
  it('applies every change in one transaction and reports the new length and hash', async () => {
    const page = fakePage('one two three');
    const expected = await expectationOf(page);
    const result = await commitGuarded(page.host, expected, [
      { from: 0, to: 3, insert: 'ONE' },
      { from: 8, to: 13, insert: '3' },
    ]);
    expect(page.editor.doc.toString()).toBe('ONE two 3');
    expect(page.editor.dispatched).toBe(1);
    expect(result).toEqual({ applied: 2, length: 9, hash: await hashText('ONE two 3') });
  });

  it('accepts adjacent changes and an insertion at the very end', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    await commitGuarded(page.host, expected, [
      { from: 0, to: 1, insert: 'A' },
      { from: 1, to: 2, insert: 'B' },
      { from: 3, to: 3, insert: '!' },
    ]);
    expect(page.editor.doc.toString()).toBe('ABc!');
  });

  it('refuses with a distinct code when no editor is open', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    page.state.editor = null;
    await expect(
      commitGuarded(page.host, expected, [{ from: 0, to: 1, insert: 'x' }]),
    ).rejects.toMatchObject({ code: 'PAGE_NO_EDITOR' });
  });

  it('refuses another project and names both scopes', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    page.state.scopeKey = 'project-2';
    await expect(
      commitGuarded(page.host, expected, [{ from: 0, to: 1, insert: 'x' }]),
    ).rejects.toMatchObject({
      code: 'STALE_SCOPE',
      message: 'The page now shows another project than the one this edit was prepared for.',
      details: { expected: 'project-1', actual: 'project-2' },
    });
    expect(page.editor.dispatched).toBe(0);
  });

  it('refuses another file and says which file is open', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    page.state.fileLabel = 'other.typ';
    await expect(
      commitGuarded(page.host, expected, [{ from: 0, to: 1, insert: 'x' }]),
    ).rejects.toMatchObject({
      code: 'STALE_EDIT_FILE',
      message: 'The open file is other.typ, not main.typ.',
      details: { expected: 'main.typ', actual: 'other.typ' },
    });
    page.state.fileLabel = null;
    await expect(
      commitGuarded(page.host, expected, [{ from: 0, to: 1, insert: 'x' }]),
    ).rejects.toMatchObject({
      code: 'STALE_EDIT_FILE',
      message: 'The open file is unknown, not main.typ.',
      details: { expected: 'main.typ', actual: null },
    });
    expect(page.editor.dispatched).toBe(0);
  });

  it('refuses a recreated editor even when its text is the same', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    page.state.editor = fakePage('abc', 'view-2').editor;
    await expect(
      commitGuarded(page.host, expected, [{ from: 0, to: 1, insert: 'x' }]),
    ).rejects.toMatchObject({
      code: 'STALE_EDITOR',
      message: 'The editor was recreated since the edit was prepared.',
    });
  });

  it('refuses a document whose length or hash differs from the expectation', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    for (const stale of [
      { ...expected, length: 4 },
      { ...expected, hash: await hashText('abd') },
    ]) {
      await expect(
        commitGuarded(page.host, stale, [{ from: 0, to: 1, insert: 'x' }]),
      ).rejects.toMatchObject({
        code: 'STALE_DOCUMENT',
        message: 'The document changed since the edit was prepared.',
      });
    }
    expect(page.editor.doc.toString()).toBe('abc');
  });

  it('refuses when the editor is recreated or closed while the hash is computed', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    // The first editor() call is the pre-hash check; the next one is the re-check.
    for (const replacement of [fakePage('abc', 'view-2').editor, null]) {
      let calls = 0;
      const host: DocumentHost = {
        ...page.host,
        editor: () => (calls++ === 0 ? page.editor : replacement),
      };
      await expect(
        commitGuarded(host, expected, [{ from: 0, to: 1, insert: 'x' }]),
      ).rejects.toMatchObject({
        code: 'STALE_EDITOR',
        message: 'The editor was recreated while the edit was checked.',
      });
    }
    expect(page.editor.dispatched).toBe(0);
  });

  it('refuses when a collaborator changes the document while the hash is computed', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    const original = page.editor.doc;
    let reads = 0;
    // Same text, new object: the editor made a transaction in between.
    page.editor.document = () => (reads++ === 0 ? original : new Doc('abc'));
    await expect(
      commitGuarded(page.host, expected, [{ from: 0, to: 1, insert: 'x' }]),
    ).rejects.toMatchObject({
      code: 'STALE_DOCUMENT',
      message: 'The document changed while the edit was checked.',
    });
    expect(page.editor.dispatched).toBe(0);
  });

  it('refuses when the page navigates to another file while the hash is computed', async () => {
    const page = fakePage('abc');
    const expected = await expectationOf(page);
    let reads = 0;
    const host: DocumentHost = {
      ...page.host,
      fileLabel: () => (reads++ === 0 ? 'main.typ' : 'other.typ'),
    };
    await expect(
      commitGuarded(host, expected, [{ from: 0, to: 1, insert: 'x' }]),
    ).rejects.toMatchObject({ code: 'STALE_EDIT_FILE' });
    expect(page.editor.dispatched).toBe(0);
  });

  it('refuses changes out of order, overlapping, reversed or past the end, naming the change', async () => {
    const page = fakePage('abcdef');
    const expected = await expectationOf(page);
    const cases = [
      { changes: [{ from: 0, to: 7, insert: '' }], index: 0 },
      { changes: [{ from: 3, to: 2, insert: '' }], index: 0 },
      {
        changes: [
          { from: 2, to: 4, insert: '' },
          { from: 3, to: 5, insert: '' },
        ],
        index: 1,
      },
      {
        changes: [
          { from: 4, to: 5, insert: '' },
          { from: 0, to: 1, insert: '' },
        ],
        index: 1,
      },
    ];
    for (const { changes, index } of cases) {
      await expect(commitGuarded(page.host, expected, changes)).rejects.toMatchObject({
        code: 'INVALID_EDIT_RANGE',
        message: `Change ${index + 1} is out of order or outside the document (0..6).`,
        details: { index },
      });
    }
    expect(page.editor.dispatched).toBe(0);
    expect(page.editor.doc.toString()).toBe('abcdef');
  });
});
