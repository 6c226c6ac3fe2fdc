// Where the extension's Typst parser comes from: the wasm-bindgen glue and the wasm
// of codemirror-lang-typst's typst-syntax build, packaged with the extension. The
// package's exports name only its editor entry, which imports the .wasm as an ES
// module (something neither a service worker nor Node can load), so the glue is reached
// by path and the build copies the wasm into the extension (TYPST_SYNTAX_WASM).
// @ts-expect-error -- the glue ships without a declaration; TypstSyntaxGlue types what is used.
import * as typstSyntaxGlue from '../../../../../node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.js';
import { TYPST_SYNTAX_WASM } from '../../typst-syntax-files';
import type { TypstSyntaxGlue, TypstSyntaxSource } from './typst-syntax-checker';

const WASM_URL = `/${TYPST_SYNTAX_WASM.to}`;

/** The parser packaged with the extension, fetched from the extension's own files. */
export const packagedTypstSyntax: TypstSyntaxSource = {
  glue: () => Promise.resolve(typstSyntaxGlue as TypstSyntaxGlue),
  async wasm(signal) {
    const response = await fetch(WASM_URL, { signal });
    if (!response.ok) throw new Error(`the parser file answered ${response.status}`);
    return response.arrayBuffer();
  },
};
