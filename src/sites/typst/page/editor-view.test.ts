import { beforeEach, describe, expect, it } from 'vitest';
import { findEditorView } from './editor-view';
import { readFileIdentity } from './file-identity';

function fakeView(dom: HTMLElement) {
  return {
    state: {
      doc: { length: 3, lines: 1, toString: () => 'abc' },
      selection: { main: { anchor: 0, head: 0, from: 0, to: 0 } },
    },
    dom,
    dispatch() {},
  };
}

function mountEditor(backReference: 'cmTile' | 'cmView') {
  document.body.innerHTML =
    '<div class="cm-editor"><div class="cm-scroller"><div class="cm-content"><div class="cm-line">abc</div></div></div></div>';
  const editor = document.querySelector<HTMLElement>('.cm-editor');
  const content = document.querySelector('.cm-content');
  if (!editor || !content) throw new Error('fixture');
  const view = fakeView(editor);
  // CodeMirror >= 6.39: content.cmTile is a DocTile whose `.view` is the view.
  // Before: content.cmView is a ContentView whose `.view`/`.editorView` leads there.
  (content as unknown as Record<string, unknown>)[backReference] =
    backReference === 'cmTile' ? { parent: null, view } : { parent: { editorView: view } };
  return { view, editor };
}

describe('findEditorView', () => {
  beforeEach(() => (document.body.innerHTML = ''));

  it.each(['cmTile', 'cmView'] as const)(
    'finds the view through %s and keeps a stable token',
    (backReference) => {
      const { view } = mountEditor(backReference);
      const found = findEditorView();
      expect(found?.view).toBe(view);
      expect(found?.backReference).toBe(backReference);
      expect(findEditorView()?.token).toBe(found?.token);
    },
  );

  it('gives a recreated view a new token', () => {
    mountEditor('cmTile');
    const first = findEditorView();
    mountEditor('cmTile');
    const second = findEditorView();
    expect(second?.token).not.toBe(first?.token);
  });

  it('returns null when there is no editor or the chain never reaches a view', () => {
    expect(findEditorView()).toBeNull();
    document.body.innerHTML = '<div class="cm-content"></div>';
    const content = document.querySelector('.cm-content') as unknown as Record<string, unknown>;
    const loop: Record<string, unknown> = {};
    loop['parent'] = loop;
    content['cmTile'] = loop;
    expect(findEditorView()).toBeNull();
  });
});

describe('readFileIdentity', () => {
  it('reads account › project › folders › file from the header breadcrumb', () => {
    document.body.innerHTML =
      '<header><div role="heading" aria-level="1"><span><span>me</span><span role="status"></span><svg></svg></span><span><span>Thesis</span><svg></svg></span><span><span>chapters</span><svg></svg></span><span><span>intro.typ</span></span></div></header>';
    expect(readFileIdentity()).toEqual({
      projectLabel: 'Thesis',
      path: 'chapters/intro.typ',
      source: 'header_breadcrumb',
    });
  });

  it('identifies files without an extension from the semantic breadcrumb', () => {
    document.body.innerHTML =
      '<header><h1><span>me</span><span>Thesis</span><span>LICENSE</span></h1></header>';
    expect(readFileIdentity()?.path).toBe('LICENSE');
  });

  it('falls back to the document title', () => {
    document.body.innerHTML = '';
    document.title = 'Thesis – main.typ – Typst';
    expect(readFileIdentity()).toEqual({
      projectLabel: 'Thesis',
      path: 'main.typ',
      source: 'document_title',
    });
  });
});
