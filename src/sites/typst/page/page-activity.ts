// ## Owns
// Event-driven change tracking on typst.app: selection and input events,
// MutationObservers bound to the Files, Improve and preview roots and to the editor's
// content, all coalesced into one animation frame. It keeps cheap signals the request
// handlers read instead of scanning the page: "the document changed at", "the Improve
// panel last updated for this document", and a generation per observed root so parsed
// results can be cached until that root mutates.
// ## Never
// Polls, or reads the whole DOM: a tick re-finds a root only after it was replaced.
import { findEditorView, type TextLike } from './editor-view';
import { findFilesRegion } from './files-tree';
import { findImproveRegion } from './diagnostics';
import { PREVIEW_ROOT } from './selectors';

/** With no Improve update after a document change for this long, the compile is taken as idle. */
export const COMPILE_QUIET_MS = 2_000;

export interface PageActivity {
  /** True when the Improve panel has updated since the document last changed. */
  compileIdle(): boolean;
  /** Bumped whenever the Files root mutates or is replaced. */
  filesGeneration(): number;
  dispose(): void;
}

type Root = 'files' | 'improve' | 'preview' | 'editor';

export function startPageActivity(signal: AbortSignal): PageActivity {
  const observers = new Map<Root, { element: Element; observer: MutationObserver }>();
  let frame: number | null = null;
  let lastDoc: TextLike | null = null;
  let docChangedAt = performance.now();
  let improveChangedAt = 0;
  let docAtImproveChange: TextLike | null = null;
  let filesGeneration = 0;

  const currentDoc = () => findEditorView()?.view.state.doc ?? null;

  function noteDoc(): void {
    const doc = currentDoc();
    if (doc !== lastDoc) {
      lastDoc = doc;
      docChangedAt = performance.now();
    }
  }

  function onRootMutation(root: Root): void {
    if (root === 'improve') {
      improveChangedAt = performance.now();
      noteDoc();
      docAtImproveChange = lastDoc;
    } else if (root === 'files') filesGeneration += 1;
    schedule();
  }

  function bind(root: Root, element: Element | null, options: MutationObserverInit): void {
    const bound = observers.get(root);
    if (bound?.element === element && element?.isConnected) return;
    bound?.observer.disconnect();
    observers.delete(root);
    if (root === 'files') filesGeneration += 1;
    if (!element) return;
    const observer = new MutationObserver(() => onRootMutation(root));
    observer.observe(element, options);
    observers.set(root, { element, observer });
  }

  function tick(): void {
    frame = null;
    noteDoc();
    bind('files', findFilesRegion(), {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'aria-selected', 'aria-expanded', 'hidden'],
    });
    bind('improve', findImproveRegion(), { childList: true, subtree: true, characterData: true });
    bind('preview', document.querySelector(PREVIEW_ROOT), {
      childList: true,
      attributes: true,
      attributeFilter: ['src', 'class', 'aria-selected'],
    });
    bind('editor', findEditorView()?.view.contentDOM ?? null, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  }

  function schedule(): void {
    if (frame !== null || signal.aborted) return;
    // Hidden tabs get no animation frames; a zero timeout keeps the signals fresh there.
    frame = document.hidden ? window.setTimeout(tick, 0) : requestAnimationFrame(tick);
  }

  const options = { capture: true, passive: true, signal };
  for (const type of ['selectionchange', 'input', 'keyup', 'pointerup', 'visibilitychange'])
    document.addEventListener(type, schedule, options);
  window.addEventListener('resize', schedule, options);
  window.addEventListener('popstate', schedule, options);
  // The shell observer only notices replaced roots; editor-internal mutations are ignored here.
  const shell = new MutationObserver((records) => {
    if (
      records.some(
        (record) => !(record.target instanceof Element && record.target.closest('.cm-editor')),
      )
    )
      schedule();
  });
  const startShell = () => shell.observe(document.body, { childList: true, subtree: true });
  if (document.body) startShell();
  else document.addEventListener('DOMContentLoaded', startShell, { once: true, signal });
  schedule();

  const dispose = () => {
    shell.disconnect();
    for (const { observer } of observers.values()) observer.disconnect();
    observers.clear();
  };
  signal.addEventListener('abort', dispose, { once: true });

  return {
    compileIdle() {
      tick();
      if (lastDoc === null) return true;
      if (docAtImproveChange === lastDoc) return true;
      const now = performance.now();
      return (
        now - docChangedAt >= COMPILE_QUIET_MS && now - improveChangedAt >= COMPILE_QUIET_MS / 4
      );
    },
    filesGeneration: () => {
      tick();
      return filesGeneration;
    },
    dispose,
  };
}
