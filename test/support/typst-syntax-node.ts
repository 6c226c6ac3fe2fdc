// The packaged parser as Node loads it: the same glue module and wasm file the
// extension ships, read from disk instead of fetched from the extension's files.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- the glue ships without a declaration; TypstSyntaxGlue types what is used.
import * as typstSyntaxGlue from '../../node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.js';
import type {
  TypstSyntaxGlue,
  TypstSyntaxSource,
} from '../../src/sites/typst/worker/syntax/typst-syntax-checker';

/** Where the wasm file of the packaged parser is on disk. */
export const TYPST_SYNTAX_WASM_PATH = fileURLToPath(
  new URL('../../node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.wasm', import.meta.url),
);

/** The packaged parser, read from node_modules; `wasm` can be swapped to simulate failures. */
export function nodeTypstSyntax(
  wasm: TypstSyntaxSource['wasm'] = () => readFile(TYPST_SYNTAX_WASM_PATH),
): TypstSyntaxSource {
  return { glue: () => Promise.resolve(typstSyntaxGlue as TypstSyntaxGlue), wasm };
}
