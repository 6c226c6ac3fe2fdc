// Where the extension's Typst parser comes from: the wasm-bindgen glue and the wasm
// of codemirror-lang-typst's typst-syntax build, packaged with the extension. The
// package's exports name only its editor entry, which imports the .wasm as an ES
// module (something neither a service worker nor Node can load), so both files are
// reached by path; the bundler packages the wasm as a file of the extension.
// @ts-expect-error -- the glue ships without a declaration; TypstSyntaxGlue types what is used.
import * as typstSyntaxGlue from '../../../../../node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.js';
import type { TypstSyntaxGlue, TypstSyntaxSource } from './typst-syntax-checker';

// @ts-expect-error -- a bundler query: the build emits the wasm and gives its address.
import wasmUrl from '../../../../../node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.wasm?url';

const WASM_URL = wasmUrl as string;

/** The parser packaged with the extension, fetched from the extension's own files. */
export const packagedTypstSyntax: TypstSyntaxSource = {
  glue: () => Promise.resolve(typstSyntaxGlue as TypstSyntaxGlue),
  async wasm(signal) {
    const response = await fetch(WASM_URL, { signal });
    if (!response.ok) throw new Error(`the parser file answered ${response.status}`);
    return response.arrayBuffer();
  },
};
