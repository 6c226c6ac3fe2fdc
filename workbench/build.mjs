// Builds the workbench page into workbench/public/generated/ (gitignored): two page bundles
// (current and legacy CodeMirror view), the compiler worker, the typst.ts wasm files and
// the offline fonts. Idempotent: does nothing when every output is newer than its inputs.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { wasmEsmPlugin } from './esbuild-wasm-plugin.mjs';
import { extractFonts } from './extract-fonts.mjs';

const require = createRequire(import.meta.url);
const here = import.meta.dirname;
export const generatedDir = path.join(here, 'public', 'generated');

// The page variants. "legacy" swaps in @codemirror/view 6.38.8, whose DOM back-reference is
// `cmView` instead of `cmTile`, so the extension can be proven against both.
export const CM_VARIANTS = {
  current: {},
  legacy: { '@codemirror/view': path.join(here, 'src', 'legacy', 'codemirror-view.ts') },
};

const WASM_FILES = [
  '@myriaddreamin/typst-ts-web-compiler/pkg/typst_ts_web_compiler_bg.wasm',
  '@myriaddreamin/typst-ts-renderer/pkg/typst_ts_renderer_bg.wasm',
];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function mtimeOr0(file) {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

function copyWasm() {
  const outDir = path.join(generatedDir, 'wasm');
  fs.mkdirSync(outDir, { recursive: true });
  for (const spec of WASM_FILES) {
    const from = require.resolve(spec);
    const to = path.join(outDir, path.basename(from));
    if (fs.existsSync(to) && fs.statSync(to).size === fs.statSync(from).size) continue;
    fs.copyFileSync(from, to);
  }
}

async function bundle() {
  const common = {
    bundle: true,
    format: 'esm',
    target: 'chrome120',
    sourcemap: 'linked',
    logLevel: 'error',
    legalComments: 'none',
    plugins: [wasmEsmPlugin],
  };
  const worker = build({
    ...common,
    entryPoints: [path.join(here, 'src', 'compile-worker.ts')],
    outfile: path.join(generatedDir, 'compile-worker.js'),
  });
  const pages = Object.entries(CM_VARIANTS).map(([variant, alias]) =>
    build({
      ...common,
      entryPoints: [path.join(here, 'src', 'main.ts')],
      outdir: path.join(generatedDir, variant),
      splitting: true,
      alias,
    }),
  );
  await Promise.all([worker, ...pages]);
}

/** Builds what is out of date. Returns which parts were rebuilt. */
export async function buildWorkbench({ force = false } = {}) {
  const rebuilt = [];
  const fontsIndex = path.join(generatedDir, 'fonts', 'index.json');
  if (force || !fs.existsSync(fontsIndex)) {
    extractFonts(path.join(generatedDir, 'fonts'));
    rebuilt.push('fonts');
  }
  copyWasm();
  const stamp = path.join(generatedDir, '.bundle-stamp');
  const inputs = Math.max(
    newestMtime(path.join(here, 'src')),
    mtimeOr0(import.meta.filename),
    mtimeOr0(path.join(here, 'esbuild-wasm-plugin.mjs')),
  );
  if (force || mtimeOr0(stamp) < inputs) {
    await bundle();
    fs.writeFileSync(stamp, new Date().toISOString());
    rebuilt.push('bundles');
  }
  return rebuilt;
}

if (path.basename(process.argv[1] ?? '') === 'build.mjs') {
  const started = performance.now();
  const rebuilt = await buildWorkbench({ force: process.argv.includes('--force') });
  console.log(
    `workbench build: ${rebuilt.join(', ') || 'up to date'} (${Math.round(performance.now() - started)} ms)`,
  );
}
