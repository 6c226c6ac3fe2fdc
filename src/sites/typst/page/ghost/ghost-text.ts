// ## Owns
// Inline completion in the editor, on the page side: noticing a pause in typing,
// answering the worker's request for the text around the cursor of that pause, and
// showing the worker's continuation as ghost text: a CodeMirror widget decoration at
// the cursor, never part of the document. Tab accepts it through the guarded commit
// (one editor transaction, undoable like any edit); Escape, typing, moving the cursor,
// leaving the editor, another file, hiding the page or disposing this runtime remove it.
// ## Why the decoration checks the document on every draw
// The decoration is a function of the live editor: it draws only while the editor
// shows exactly the document and cursor the ghost text was made for. A change we did
// not see (a collaborator's, a missed event) can therefore never leave stale text on
// screen: the next draw drops it.
// ## Never
// Inserts anything without a Tab from the person, or answers for an old pause.
import { createId } from '../../../../shared/lib/ids';
import { ProtocolFailure } from '../../../../shared/protocol/envelope';
import {
  COMPLETION_SIGNAL_EVENT,
  MIN_COMPLETION_PAUSE_MS,
  type CompletionSignal,
} from '../../../../shared/protocol/completion-events';
import type { DocumentHost } from '../../../../page/kit/document-host';
import { commitGuarded, readEditSnapshot } from '../../../../page/kit/guarded-commit';
import type { CommitExpectation } from '../../../../shared/protocol/document-methods';
import { findEditorView, type EditorViewLike } from '../editor-view';
import { readCompletionContext, type CompletionContext } from './completion-context';
import { reachCodeMirror, type DecorationSetLike } from './codemirror-reach';
import { GhostWidget } from './ghost-widget';

interface Pause {
  readonly view: EditorViewLike;
  readonly doc: unknown;
  readonly pos: number;
  readonly pauseId: string;
}

interface Ghost extends Pause {
  readonly text: string;
  readonly set: DecorationSetLike;
  readonly expected: Promise<CommitExpectation | null>;
}

interface UpdateLike {
  readonly view: EditorViewLike;
  readonly docChanged: boolean;
  readonly selectionSet: boolean;
  readonly focusChanged: boolean;
  readonly transactions: readonly { isUserEvent?(event: string): boolean }[];
}

export interface GhostTextOptions {
  readonly signal: AbortSignal;
  readonly host: DocumentHost;
  /** Sends a typing signal to the isolated world; a DOM event by default. */
  readonly emit?: (signal: CompletionSignal) => void;
  /** Quiet time after the last key before a pause is announced. */
  readonly pauseMs?: number;
}

export interface GhostText {
  /** The text around the cursor of pause `pauseId`; refused once that pause is over. */
  context(pauseId: string): CompletionContext;
  /** Shows `text` at the cursor of pause `pauseId`; false when that pause is over. */
  show(pauseId: string, text: string): boolean;
  /** The ghost text drawn now, or null. */
  shown(): string | null;
}

const TYPING_EVENTS = ['input', 'delete', 'undo', 'redo', 'move'];

const emitDomSignal = (signal: CompletionSignal) =>
  document.dispatchEvent(
    new CustomEvent(COMPLETION_SIGNAL_EVENT, { detail: JSON.stringify(signal) }),
  );

const hasFocus = (view: EditorViewLike) =>
  (view as unknown as { hasFocus?: boolean }).hasFocus !== false;

const stillAt = (pause: Pause) => {
  const { view } = pause;
  const selection = view.state.selection.main;
  return (
    view.dom.isConnected &&
    view.state.doc === pause.doc &&
    selection.from === selection.to &&
    selection.head === pause.pos &&
    hasFocus(view)
  );
};

export function startGhostText(options: GhostTextOptions): GhostText {
  const { signal, host } = options;
  const emit = options.emit ?? emitDomSignal;
  const pauseMs = Math.max(MIN_COMPLETION_PAUSE_MS, options.pauseMs ?? MIN_COMPLETION_PAUSE_MS);
  const attached = new WeakSet<object>();
  let pause: Pause | null = null;
  let ghost: Ghost | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // The pause the worker may still be working on; typing again tells it to stop.
  let announced: string | null = null;

  const redraw = (view: EditorViewLike) => {
    // Never dispatch inside CodeMirror's update cycle: wait for it to finish.
    queueMicrotask(() => {
      if (view.dom.isConnected) view.dispatch({});
    });
  };
  const clearGhost = (counted: boolean) => {
    if (!ghost) return;
    const { view, pauseId } = ghost;
    ghost = null;
    if (counted) emit({ kind: 'dismissed', pauseId });
    redraw(view);
  };
  const endPause = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pause = null;
    if (announced !== null) emit({ kind: 'typing', pauseId: announced });
    announced = null;
  };
  const decorate = (view: EditorViewLike): DecorationSetLike | null => {
    if (signal.aborted || ghost?.view !== view || !stillAt(ghost)) return null;
    return ghost.set;
  };
  const firePause = (view: EditorViewLike) => {
    timer = null;
    if (signal.aborted || findEditorView()?.view !== view) return;
    const selection = view.state.selection.main;
    if (selection.from !== selection.to || !hasFocus(view)) return;
    const pauseId = createId();
    pause = { view, doc: view.state.doc, pos: selection.head, pauseId };
    announced = pauseId;
    emit({ kind: 'pause', pauseId });
  };
  const onUpdate = (update: UpdateLike) => {
    if (signal.aborted) return;
    const typed = update.transactions.some((transaction) =>
      TYPING_EVENTS.some((event) => transaction.isUserEvent?.(event) === true),
    );
    const ours = update.transactions.some(
      (transaction) => transaction.isUserEvent?.('input.side-agent') === true,
    );
    if (
      update.docChanged ||
      update.selectionSet ||
      (update.focusChanged && !hasFocus(update.view))
    ) {
      clearGhost(true);
      endPause();
    }
    if (update.docChanged && typed && !ours) {
      const view = update.view;
      timer = setTimeout(() => firePause(view), pauseMs);
    }
  };
  const attach = (view: EditorViewLike): boolean => {
    if (attached.has(view)) return true;
    const reach = reachCodeMirror(view);
    if (!reach) return false;
    attached.add(view);
    const none = reach.Decoration.none;
    view.dispatch({
      effects: reach.appendConfig.of([
        reach.decorations.of((live: EditorViewLike) => decorate(live) ?? none),
        reach.updateListener.of(onUpdate),
      ]),
    });
    return true;
  };
  const accept = (current: Ghost) => {
    ghost = null;
    // This pause ends here: its own insert is not the person typing again.
    pause = null;
    announced = null;
    emit({ kind: 'accepted', pauseId: current.pauseId });
    redraw(current.view);
    const insert = { from: current.pos, to: current.pos, insert: current.text };
    void current.expected
      .then((expected) =>
        expected
          ? commitGuarded(host, expected, [insert], { cursor: current.pos + current.text.length })
          : null,
      )
      .catch(() => undefined); // Stale: the document moved on, nothing was inserted.
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const view = findEditorView()?.view;
    if (!view || !(event.target instanceof Node) || !view.dom.contains(event.target)) return;
    attach(view);
    if (!ghost || ghost.view !== view || !stillAt(ghost)) return;
    const plain = !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey;
    if (event.key === 'Tab' && plain) {
      event.preventDefault();
      event.stopImmediatePropagation();
      accept(ghost);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopImmediatePropagation();
      clearGhost(true);
    }
  };

  const listen = { capture: true, signal };
  window.addEventListener('keydown', onKeyDown, listen);
  window.addEventListener(
    'focusin',
    () => {
      const view = findEditorView()?.view;
      if (view) attach(view);
    },
    listen,
  );
  window.addEventListener(
    'pagehide',
    () => {
      clearGhost(true);
      endPause();
    },
    listen,
  );
  signal.addEventListener(
    'abort',
    () => {
      if (timer !== null) clearTimeout(timer);
      if (ghost) redraw(ghost.view);
      ghost = null;
      pause = null;
    },
    { once: true },
  );

  const livePause = (pauseId: string): Pause => {
    if (!pause || pause.pauseId !== pauseId || !stillAt(pause))
      throw new ProtocolFailure(
        'COMPLETION_STALE',
        'The person typed or moved since this completion was asked for.',
      );
    return pause;
  };
  return {
    context: (pauseId) => {
      const { view, pos } = livePause(pauseId);
      return readCompletionContext(view.state.doc, pos, host.fileLabel());
    },
    show: (pauseId, text) => {
      let current: Pause;
      try {
        current = livePause(pauseId);
      } catch {
        return false;
      }
      const reach = reachCodeMirror(current.view);
      if (!reach || text === '' || !attach(current.view)) return false;
      const set = reach.Decoration.set([
        reach.Decoration.widget({ widget: new GhostWidget(text), side: 1 }).range(current.pos),
      ]);
      // The commit's expectation (length and SHA-256) is prepared while the person reads,
      // so a Tab commits at once.
      const expected = readEditSnapshot(host).then(
        (snapshot) => ({
          scopeKey: snapshot.scopeKey,
          fileLabel: snapshot.fileLabel,
          viewToken: snapshot.viewToken,
          length: snapshot.length,
          hash: snapshot.hash,
        }),
        () => null,
      );
      ghost = { ...current, text, set, expected };
      current.view.dispatch({});
      return true;
    },
    shown: () => (ghost && stillAt(ghost) ? ghost.text : null),
  };
}
