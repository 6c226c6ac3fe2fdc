// ## Owns
// typst.app's proposed-document check: the official Typst parser (typst-syntax,
// compiled to wasm and shipped by codemirror-lang-typst) run over a whole document,
// reporting its syntax errors. The wasm is loaded on first use, once per worker.
// ## Why a size cap
// The parser itself is fast, but handing its tree to JavaScript costs about a
// microsecond per node and blocks the worker while it runs; past MAX_CHECKED_CHARS the
// check says it is unavailable rather than stall the run (bench/typst-syntax.bench.ts).
// ## Never
// Lets a parser failure stop an edit: a load failure or a trap answers `unavailable`,
// and a trapped instance is not used again (it cannot be swapped for a fresh one:
// see `instances`).
import type { DocumentCheck, DocumentChecker } from '../../../../worker/documents/document-check';
import { syntaxIssuesOf } from './typst-syntax-tree';

/** Documents up to this many UTF-16 code units are checked. */
export const MAX_CHECKED_CHARS = 200_000;
/** Checked texts remembered: an applied edit's proposed text is the next edit's current one. */
const REMEMBERED_CHECKS = 2;

/** The parser class of the wasm build, as far as the checker uses it. */
export interface TypstWasmParserClass {
  new (text: string): { tree(): unknown; free(): void };
}

/** The wasm-bindgen glue module of the build: its imports object and its exports. */
export interface TypstSyntaxGlue {
  readonly TypstWasmParser: TypstWasmParserClass;
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
}

/** Where the checker gets its code: the glue module and the wasm bytes. */
export interface TypstSyntaxSource {
  glue(): Promise<TypstSyntaxGlue>;
  wasm(signal: AbortSignal): Promise<BufferSource>;
}

/** A glue module's one instance: the parser class, or why it is off for good. */
interface LoadedParser {
  readonly Parser: TypstWasmParserClass;
  broken: string | null;
}

// wasm-bindgen's glue keeps its instance and views of that instance's memory in module
// scope, so each glue module is instantiated once and every checker shares it.
const instances = new WeakMap<TypstSyntaxGlue, LoadedParser>();

async function instantiate(source: TypstSyntaxSource, signal: AbortSignal): Promise<LoadedParser> {
  const glue = await source.glue();
  const known = instances.get(glue);
  if (known) return known;
  const bytes = await source.wasm(signal);
  const again = instances.get(glue);
  if (again) return again;
  // The glue names its own file as the import module of every function the wasm calls.
  const imports = glue as unknown as WebAssembly.ModuleImports;
  const { instance } = await WebAssembly.instantiate(bytes, { './typst_syntax_bg.js': imports });
  glue.__wbg_set_wasm(instance.exports);
  const start = instance.exports['__wbindgen_start'];
  if (typeof start === 'function') (start as () => void)();
  const loaded = { Parser: glue.TypstWasmParser, broken: null };
  instances.set(glue, loaded);
  return loaded;
}

const reasonOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : String(error);

/** A checker that loads the parser from `source` when it first checks a document. */
export function createTypstSyntaxChecker(
  source: TypstSyntaxSource,
  options: { readonly maxChars?: number } = {},
): DocumentChecker {
  const maxChars = options.maxChars ?? MAX_CHECKED_CHARS;
  let parser: Promise<LoadedParser> | null = null;
  const recent: { text: string; check: DocumentCheck }[] = [];
  return {
    async check(text, signal): Promise<DocumentCheck> {
      const known = recent.find((entry) => entry.text === text);
      if (known) return known.check;
      if (text.length > maxChars)
        return {
          kind: 'unavailable',
          reason: `the document has more than ${maxChars.toLocaleString('en-US')} characters.`,
        };
      let loaded: LoadedParser;
      try {
        parser ??= instantiate(source, signal);
        loaded = await parser;
      } catch (error) {
        // A failed load is tried again on the next edit (the file may be back, a
        // stopped run may have cut the fetch); this edit goes on unchecked.
        parser = null;
        if (signal.aborted) throw error;
        return {
          kind: 'unavailable',
          reason: `the Typst parser did not load (${reasonOf(error)}).`,
        };
      }
      if (loaded.broken) return { kind: 'unavailable', reason: loaded.broken };
      let instance: InstanceType<TypstWasmParserClass> | null = null;
      try {
        instance = new loaded.Parser(text);
        const check: DocumentCheck = { kind: 'checked', issues: syntaxIssuesOf(instance.tree()) };
        recent.unshift({ text, check });
        recent.length = Math.min(recent.length, REMEMBERED_CHECKS);
        return check;
      } catch (error) {
        loaded.broken = `the Typst parser stopped (${reasonOf(error)}).`;
        return { kind: 'unavailable', reason: loaded.broken };
      } finally {
        try {
          instance?.free();
        } catch {
          // Freeing a trapped instance may trap again; the checker is already off.
        }
      }
    },
  };
}
