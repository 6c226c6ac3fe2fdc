// Messages between the page and the compiler worker. The page sends the whole project's text
// on every compile (it is small, and typst hashes sources so unchanged files cost nothing);
// binary files travel only when the project changes.

/** One diagnostic exactly as typst.ts reports it: 0-based "l:c-l:c" range in code points. */
export interface RawDiagnostic {
  package: string;
  path: string;
  range: string;
  severity: string;
  message: string;
}

export interface CompileRequest {
  type: 'compile';
  id: number;
  /** Compiler path of the entry file, e.g. "/main.typ". */
  mainPath: string;
  sources: Record<string, string>;
  /** Present only when the project changed: every compiler file is dropped first. */
  binaries?: Record<string, Uint8Array>;
  /** Test control: the worker waits this long before compiling, like a slow machine. */
  delayMs: number;
}

export interface CompileResponse {
  type: 'compiled';
  id: number;
  hasError: boolean;
  diagnostics: RawDiagnostic[];
  /** The typst.ts vector artifact, or null when the document has errors. */
  vector: Uint8Array | null;
  compileMs: number;
  /** Set on the first compile of a fresh compiler: wasm instantiation plus font loading. */
  initMs?: number;
  /** Set when the compiler itself failed (not the document). */
  failure?: string;
}
