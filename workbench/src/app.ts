// Wires the workbench together: project model, file tree, header, editor, compiler, Improve
// panel and preview. The editor view is the source of truth for the open file's text.
import type { EditorView } from '@codemirror/view';
import { CompileClient } from './compile-client';
import type { CompileResponse } from './compile-protocol';
import { convertDiagnostics } from './diagnostics';
import type { WorkbenchDiagnostic } from './diagnostics';
import { applyRemoteEdit, createEditor, replaceText, showLint } from './editor';
import { FileTree } from './file-tree';
import { createHeader, updateHeader } from './header';
import { el } from './html';
import { createImprovePanel, renderImprovePanel } from './improve-panel';
import type { ImproveRow } from './improve-panel';
import { renderPreview } from './preview';
import { compilerPath, loadProject } from './project';
import type { Project } from './project';
import { findMisspellings } from './spelling';
import { isImage, renderAssetView } from './asset-view';

export class WorkbenchApp {
  readonly header = createHeader();
  readonly tree = new FileTree((path) => this.openFile(path));
  readonly improve = createImprovePanel();
  readonly editorHost = el('div', { class: 'editor-host' });
  readonly preview = el('div', { class: 'preview', 'aria-label': 'Preview' });
  readonly compiler: CompileClient;
  project!: Project;
  currentPath = '';
  view: EditorView | null = null;
  diagnostics: WorkbenchDiagnostic[] = [];
  lastCompileMs = 0;
  /** Figures for tests and benchmarks: worker init, each compile, each preview render (ms). */
  readonly timings = {
    initMs: [] as number[],
    compileMs: [] as number[],
    renderMs: [] as number[],
  };
  pageCount = 0;

  constructor(root: HTMLElement) {
    const sidebar = el('div', { class: 'sidebar' }, this.tree.region, this.improve);
    root.replaceChildren(
      this.header.header,
      el('div', { class: 'workspace' }, sidebar, this.editorHost, this.preview),
    );
    this.compiler = new CompileClient({
      collect: () => this.collect(),
      onResult: (r) => this.showResult(r),
    });
  }

  async load(idOrName: string): Promise<void> {
    const project = await loadProject(idOrName);
    this.saveOpenFile();
    this.project = project;
    this.currentPath = '';
    this.diagnostics = [];
    this.preview.replaceChildren();
    this.tree.setFiles([...project.files.keys()]);
    this.openFile(project.mainPath);
    const binaries: Record<string, Uint8Array> = {};
    for (const file of project.files.values())
      if (file.kind === 'binary') binaries[compilerPath(file.path)] = file.bytes;
    this.compiler.compileNow(binaries);
  }

  /** Opens a file the way a click in the Files tree does: a new editor view every time. */
  openFile(path: string): void {
    const file = this.project.files.get(path);
    if (!file) throw new Error(`no such file: ${path}`);
    this.saveOpenFile();
    this.view?.destroy();
    this.view = null;
    this.currentPath = path;
    if (file.kind === 'binary' && isImage(path)) {
      renderAssetView(this.editorHost, this.project.id, file);
    } else {
      this.editorHost.replaceChildren();
      this.view = createEditor({
        parent: this.editorHost,
        path,
        text: file.text,
        onChange: () => this.compiler.schedule(),
      });
      showLint(this.view, path, this.diagnostics);
    }
    this.tree.select(path);
    updateHeader(this.header.crumbs, this.project.account, this.project.name, path);
  }

  textOf(path: string): string | null {
    const file = this.project.files.get(path);
    if (!file || file.kind !== 'text') return null;
    return path === this.currentPath && this.view ? this.view.state.doc.toString() : file.text;
  }

  setText(path: string, text: string): void {
    if (path === this.currentPath && this.view) {
      replaceText(this.view, text);
      return;
    }
    const file = this.project.files.get(path);
    if (file) file.text = text;
    else {
      const now = new Date().toISOString();
      this.project.files.set(path, {
        path,
        kind: 'text',
        text,
        bytes: new Uint8Array(),
        size: text.length,
        lastModified: now,
      });
      this.tree.setFiles([...this.project.files.keys()]);
      this.tree.select(this.currentPath);
    }
    this.compiler.schedule();
  }

  remoteEdit(change: { from: number; to: number; insert: string }): void {
    if (!this.view) throw new Error('no text file is open');
    applyRemoteEdit(this.view, change);
  }

  private saveOpenFile(): void {
    const file = this.currentPath ? this.project.files.get(this.currentPath) : undefined;
    if (file && this.view) file.text = this.view.state.doc.toString();
  }

  private collect() {
    const sources: Record<string, string> = {};
    for (const file of this.project.files.values()) {
      if (file.kind === 'text') sources[compilerPath(file.path)] = this.textOf(file.path) ?? '';
    }
    return { mainPath: compilerPath(this.project.mainPath), sources };
  }

  private async showResult(response: CompileResponse): Promise<void> {
    this.lastCompileMs = response.compileMs;
    if (response.initMs !== undefined) this.timings.initMs.push(response.initMs);
    this.timings.compileMs.push(response.compileMs);
    this.diagnostics = convertDiagnostics(response.diagnostics, (path) => this.textOf(path));
    if (response.failure) {
      this.diagnostics.push({
        path: this.project.mainPath,
        severity: 'error',
        message: `compiler failure: ${response.failure}`,
        hint: null,
        start: null,
        end: null,
        from: 0,
        to: 0,
        line: 1,
      });
    }
    const misspellings = [...this.project.files.values()]
      .filter((f) => f.kind === 'text' && f.path.endsWith('.typ'))
      .flatMap((f) => findMisspellings(f.path, this.textOf(f.path) ?? ''));
    renderImprovePanel(this.improve, this.diagnostics, misspellings, (row) => this.reveal(row));
    if (this.view) showLint(this.view, this.currentPath, this.diagnostics);
    if (response.vector) {
      const started = performance.now();
      this.pageCount = await renderPreview(this.preview, response.vector);
      this.timings.renderMs.push(performance.now() - started);
    }
  }

  /** Improve row click: open the file and put the cursor on the reported line. */
  private reveal(row: ImproveRow): void {
    if (!this.project.files.has(row.path)) return;
    if (row.path !== this.currentPath) this.openFile(row.path);
    const view = this.view;
    if (!view) return;
    const line = view.state.doc.line(Math.min(row.line, view.state.doc.lines));
    view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
    view.focus();
  }
}
