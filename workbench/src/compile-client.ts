// Page side of the compiler worker: debounces edits (~250 ms, like typst.app), keeps at most
// one compile in flight, and coalesces edits made meanwhile into one follow-up compile.
import type { CompileRequest, CompileResponse } from './compile-protocol';

export const EDIT_DEBOUNCE_MS = 250;

export interface CompileInput {
  mainPath: string;
  sources: Record<string, string>;
  binaries?: Record<string, Uint8Array>;
}

export interface CompileClientOptions {
  /** Reads the project at send time, so a compile always sees the latest text. */
  collect(): CompileInput;
  /** Renders the result (diagnostics, preview); the compile counts as done when it settles. */
  onResult(response: CompileResponse): Promise<void>;
}

export class CompileClient {
  private readonly worker = new Worker('/__workbench/generated/compile-worker.js', {
    type: 'module',
  });
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private dirty = false;
  private nextId = 1;
  private pendingBinaries: Record<string, Uint8Array> | undefined;
  private waiters: (() => void)[] = [];
  delayMs = 0;
  compileCount = 0;

  constructor(private readonly options: CompileClientOptions) {
    this.worker.onmessage = (event: MessageEvent<CompileResponse>) => void this.finish(event.data);
    // A worker that fails to load or throws outside a compile must not leave waiters hanging.
    this.worker.onerror = (event: ErrorEvent) => {
      if (!this.inFlight) return;
      const failure = event.message || 'the compiler worker failed';
      void this.finish({
        type: 'compiled',
        id: 0,
        hasError: true,
        diagnostics: [],
        vector: null,
        compileMs: 0,
        failure,
      });
    };
  }

  /** True when no compile is scheduled, running or rendering. */
  get idle(): boolean {
    return this.timer === null && !this.inFlight && !this.dirty;
  }

  /** Schedules a compile after the edit debounce. */
  schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, EDIT_DEBOUNCE_MS);
  }

  /** Compiles now (project load); binaries replace every file the compiler had. */
  compileNow(binaries?: Record<string, Uint8Array>): void {
    if (binaries) this.pendingBinaries = binaries;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.start();
  }

  /** Resolves when the scheduled or running compile and its rendering are done; at once when idle. */
  whenIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private start(): void {
    if (this.inFlight) {
      this.dirty = true;
      return;
    }
    this.inFlight = true;
    this.dirty = false;
    const input = this.options.collect();
    const request: CompileRequest = {
      type: 'compile',
      id: this.nextId++,
      delayMs: this.delayMs,
      ...input,
    };
    if (this.pendingBinaries) request.binaries = this.pendingBinaries;
    this.pendingBinaries = undefined;
    this.worker.postMessage(request);
  }

  private async finish(response: CompileResponse): Promise<void> {
    try {
      await this.options.onResult(response);
    } catch (error) {
      console.error('workbench: rendering a compile result failed', error);
    }
    this.compileCount += 1;
    this.inFlight = false;
    if (this.dirty) {
      this.start();
      return;
    }
    if (this.idle) for (const resolve of this.waiters.splice(0)) resolve();
  }
}
