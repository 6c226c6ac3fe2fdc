// Module worker that owns the typst.ts WASM compiler, so cold compiles never block typing.
// Fonts and wasm come from the workbench's own origin: `assets: false` keeps typst.ts away
// from its CDN (recipe pitfall 1).
import { createTypstCompiler } from '@myriaddreamin/typst.ts/compiler';
import { loadFonts } from '@myriaddreamin/typst.ts';
import type { TypstCompiler } from '@myriaddreamin/typst.ts/compiler';
import type { CompileRequest, CompileResponse, RawDiagnostic } from './compile-protocol';

// The root tsconfig has no WebWorker lib, so describe the two members this worker uses.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompileRequest>) => void) | null;
  postMessage(message: CompileResponse, transfer: Transferable[]): void;
};

const generated = new URL('./', import.meta.url);
let compilerPromise: Promise<TypstCompiler> | null = null;
let queue: Promise<void> = Promise.resolve();
// Kept so a compiler recreated after a failure still sees the project's images.
let binaries: Record<string, Uint8Array> = {};

async function createCompiler(): Promise<TypstCompiler> {
  const fontFiles = (await (
    await fetch(new URL('fonts/index.json', generated))
  ).json()) as string[];
  const compiler = createTypstCompiler();
  await compiler.init({
    getModule: () => ({
      module_or_path: new URL('wasm/typst_ts_web_compiler_bg.wasm', generated).href,
    }),
    beforeBuild: [
      loadFonts(
        fontFiles.map((f) => new URL(`fonts/${f}`, generated).href),
        { assets: false },
      ),
    ],
  });
  return compiler;
}

async function compile(request: CompileRequest): Promise<CompileResponse> {
  if (request.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, request.delayMs));
  const fresh = compilerPromise === null;
  let started = performance.now();
  compilerPromise ??= createCompiler();
  const compiler = await compilerPromise;
  const initMs = fresh ? performance.now() - started : undefined;
  started = performance.now();
  if (request.binaries) {
    binaries = request.binaries;
    compiler.resetShadow();
  }
  if (request.binaries || fresh) {
    for (const [path, bytes] of Object.entries(binaries)) compiler.mapShadow(path, bytes);
  }
  for (const [path, text] of Object.entries(request.sources)) compiler.addSource(path, text);
  // runWithWorld, not compile(): compile() drops warnings when the document has no error.
  const result = await compiler.runWithWorld({ mainFilePath: request.mainPath }, async (world) => {
    const checked = await world.compile({ diagnostics: 'full' });
    const vector = checked.hasError
      ? null
      : ((await world.vector({ diagnostics: 'full' })).result ?? null);
    return {
      hasError: checked.hasError,
      diagnostics: (checked.diagnostics ?? []) as RawDiagnostic[],
      vector,
    };
  });
  const response: CompileResponse = {
    type: 'compiled',
    id: request.id,
    ...result,
    compileMs: performance.now() - started,
  };
  if (initMs !== undefined) response.initMs = initMs;
  return response;
}

scope.onmessage = (event: MessageEvent<CompileRequest>) => {
  const request = event.data;
  queue = queue.then(async () => {
    let response: CompileResponse;
    try {
      response = await compile(request);
    } catch (error) {
      // A compiler that threw may be in any state; start a fresh one next time.
      compilerPromise = null;
      const failure = error instanceof Error ? error.message : String(error);
      response = {
        type: 'compiled',
        id: request.id,
        hasError: true,
        diagnostics: [],
        vector: null,
        compileMs: 0,
        failure,
      };
    }
    const transfer = response.vector ? [response.vector.buffer] : [];
    scope.postMessage(response, transfer);
  });
};
