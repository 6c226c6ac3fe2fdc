// The page side of inline completion against a real CodeMirror 6 editor (the package
// the workbench bundles), under happy-dom: the ghost text is a decoration, never text
// of the document, and every exit path removes it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EditorView, Decoration } from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import type { CompletionSignal } from '../../../../shared/protocol/completion-events';
import type { DocumentHost } from '../../../../page/kit/document-host';
import { startGhostText, type GhostText } from './ghost-text';
import { GHOST_ATTRIBUTE } from './ghost-widget';

let view: EditorView;
let controller: AbortController;
let ghost: GhostText;
let signals: CompletionSignal[];

const host: DocumentHost = {
  editor: () => ({
    token: 'view-1',
    document: () => view.state.doc,
    selection: () => ({
      anchor: view.state.selection.main.anchor,
      head: view.state.selection.main.head,
    }),
    dispatch: (changes, options) =>
      view.dispatch({
        changes: [...changes],
        ...(options?.cursor === undefined ? {} : { selection: { anchor: options.cursor } }),
        userEvent: 'input.side-agent',
      }),
    surface: view.scrollDOM,
    content: view.contentDOM,
  }),
  fileLabel: () => 'main.typ',
  scopeKey: () => 'thesis',
};

const drawn = () => view.contentDOM.querySelector(`[${GHOST_ATTRIBUTE}]`)?.textContent ?? null;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function type(text: string) {
  const at = view.state.selection.main.head;
  view.dispatch({
    changes: { from: at, insert: text },
    selection: { anchor: at + text.length },
    userEvent: 'input.type',
  });
}

async function pause(): Promise<string> {
  type('s');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const last = signals.at(-1);
  if (last?.kind !== 'pause') throw new Error(`no pause: ${JSON.stringify(signals)}`);
  return last.pauseId;
}

function key(name: string) {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  view.contentDOM.dispatchEvent(event);
  return event;
}

beforeEach(() => {
  const parent = document.createElement('div');
  document.body.append(parent);
  // A mark like the page's syntax highlighting: the ghost text learns CodeMirror's
  // Decoration class from the decorations the editor already draws.
  const marks = EditorView.decorations.of(
    Decoration.set([Decoration.mark({ class: 'tok' }).range(0, 1)]),
  );
  view = new EditorView({
    parent,
    state: EditorState.create({ doc: '= Intro\nThe thesi', extensions: [marks] }),
  });
  view.dispatch({ selection: { anchor: view.state.doc.length } });
  // happy-dom fires selectionchange synchronously inside CodeMirror's own DOM update
  // of a focused editor, which CodeMirror refuses; the editor is taken as focused
  // instead (the e2e test types into a really focused one).
  Object.defineProperty(view, 'hasFocus', { get: () => true });
  controller = new AbortController();
  signals = [];
  ghost = startGhostText({
    signal: controller.signal,
    host,
    emit: (signal) => signals.push(signal),
  });
  view.contentDOM.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
});

afterEach(() => {
  controller.abort();
  view.destroy();
  document.body.replaceChildren();
});

describe('ghost text', () => {
  it('announces a pause, gives the text around its cursor and draws the ghost text outside the document', async () => {
    const pauseId = await pause();
    expect(ghost.context(pauseId)).toEqual({
      before: '= Intro\nThe thesis',
      after: '',
      fileLabel: 'main.typ',
    });
    expect(ghost.show(pauseId, ' grows.')).toBe(true);
    expect(drawn()).toBe(' grows.');
    expect(view.state.doc.toString()).toBe('= Intro\nThe thesis');
  });

  it('typing removes it, ends the pause and refuses the old pause afterwards', async () => {
    const pauseId = await pause();
    ghost.show(pauseId, ' grows.');
    type('x');
    await flush();
    expect(drawn()).toBeNull();
    expect(signals.map((signal) => signal.kind)).toEqual(['pause', 'dismissed', 'typing']);
    expect(() => ghost.context(pauseId)).toThrow(/typed or moved/);
    expect(ghost.show(pauseId, ' late')).toBe(false);
    expect(drawn()).toBeNull();
  });

  it('Tab inserts it through the guarded commit with the caret after it', async () => {
    const pauseId = await pause();
    ghost.show(pauseId, ' grows.');
    await flush();
    const event = key('Tab');
    expect(event.defaultPrevented).toBe(true);
    await expect.poll(() => view.state.doc.toString()).toBe('= Intro\nThe thesis grows.');
    expect(view.state.selection.main.head).toBe(view.state.doc.length);
    expect(drawn()).toBeNull();
    expect(signals.at(-1)?.kind).toBe('accepted');
  });

  it('Tab without ghost text is left to the editor, and nothing is inserted', async () => {
    await pause();
    expect(key('Tab').defaultPrevented).toBe(false);
    expect(view.state.doc.toString()).toBe('= Intro\nThe thesis');
  });

  it('Escape, a cursor move and disposing the runtime each remove it', async () => {
    let pauseId = await pause();
    ghost.show(pauseId, ' a');
    expect(key('Escape').defaultPrevented).toBe(true);
    await flush();
    expect(drawn()).toBeNull();
    expect(view.state.doc.toString()).toBe('= Intro\nThe thesis');

    pauseId = await pause();
    ghost.show(pauseId, ' b');
    view.dispatch({ selection: { anchor: 0 } });
    await flush();
    expect(drawn()).toBeNull();

    view.dispatch({ selection: { anchor: view.state.doc.length } });
    pauseId = await pause();
    ghost.show(pauseId, ' c');
    expect(drawn()).toBe(' c');
    controller.abort();
    await flush();
    expect(drawn()).toBeNull();
  });

  it('a change it did not hear about (a collaborator) never leaves stale ghost text drawn', async () => {
    const pauseId = await pause();
    ghost.show(pauseId, ' grows.');
    view.dispatch({ changes: { from: 0, insert: 'x' } });
    expect(drawn()).toBeNull();
  });
});
