// The Typst parser's wasm as the extension packages it: copied from codemirror-lang-typst
// into the build (through the site registry's packaged files) and fetched by the worker's
// syntax check from the extension's own files.

/** Where the parser's wasm comes from (from the repository root) and goes (in the build). */
export const TYPST_SYNTAX_WASM = {
  from: 'node_modules/codemirror-lang-typst/wasm/typst_syntax_bg.wasm',
  to: 'typst/typst-syntax.wasm',
} as const;
