// window.__workbench: controls for tests only. The extension must never call these; it reads
// the page the way it reads typst.app.
import type { EditorView } from '@codemirror/view';
import type { WorkbenchApp } from './app';
import type { WorkbenchDiagnostic } from './diagnostics';

export interface WorkbenchControls {
  /** Which @codemirror/view build this page runs: 'current' (cmTile) or 'legacy' (cmView). */
  cmVariant: string;
  /** Resolves once the first project has compiled and rendered. */
  ready: Promise<void>;
  project(): { id: string; name: string; account: string; files: string[] };
  currentPath(): string;
  getText(path?: string): string | null;
  setText(path: string, text: string): void;
  remoteEdit(change: { from: number; to: number; insert: string }): void;
  openFile(path: string): void;
  switchProject(idOrName: string): Promise<void>;
  hideFilesPanel(hidden: boolean): void;
  setCompileDelay(ms: number): void;
  /** Resolves after the scheduled or running compile has finished and its diagnostics and preview are shown; at once when idle. */
  whenCompiled(): Promise<{ diagnostics: WorkbenchDiagnostic[]; compileMs: number; pages: number }>;
  isCompileIdle(): boolean;
  compileCount(): number;
  getDiagnostics(): WorkbenchDiagnostic[];
  getView(): EditorView | null;
  /** Milliseconds: worker init (per fresh compiler), every compile, every preview render. */
  timings(): { initMs: number[]; compileMs: number[]; renderMs: number[] };
}

export function installControls(
  app: WorkbenchApp,
  cmVariant: string,
  ready: Promise<void>,
): WorkbenchControls {
  const controls: WorkbenchControls = {
    cmVariant,
    ready,
    project: () => ({
      id: app.project.id,
      name: app.project.name,
      account: app.project.account,
      files: [...app.project.files.keys()],
    }),
    currentPath: () => app.currentPath,
    getText: (path) => app.textOf(path ?? app.currentPath),
    setText: (path, text) => app.setText(path, text),
    remoteEdit: (change) => app.remoteEdit(change),
    openFile: (path) => app.openFile(path),
    switchProject: async (idOrName) => {
      await app.load(idOrName);
      history.pushState(
        null,
        '',
        `/project/${encodeURIComponent(app.project.id)}${location.search}`,
      );
      await app.compiler.whenIdle();
    },
    hideFilesPanel: (hidden) => {
      app.tree.region.hidden = hidden;
    },
    setCompileDelay: (ms) => {
      app.compiler.delayMs = ms;
    },
    whenCompiled: async () => {
      await app.compiler.whenIdle();
      return {
        diagnostics: structuredClone(app.diagnostics),
        compileMs: app.lastCompileMs,
        pages: app.pageCount,
      };
    },
    isCompileIdle: () => app.compiler.idle,
    compileCount: () => app.compiler.compileCount,
    getDiagnostics: () => structuredClone(app.diagnostics),
    getView: () => app.view,
    timings: () => structuredClone(app.timings),
  };
  (window as unknown as { __workbench: WorkbenchControls }).__workbench = controls;
  return controls;
}
