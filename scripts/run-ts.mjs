// Runs a TypeScript entry script with Node 20 by bundling it with esbuild first
// (dependencies stay external). Used by `npm start` and other tooling scripts.
import { build } from 'esbuild';
import { pathToFileURL as toFileUrl } from 'node:url';

// Plain .mjs modules (the workbench server, the model server) read
// import.meta.dirname, so they are imported in place instead of bundled.
const keepMjsExternal = {
  name: 'keep-mjs-external',
  setup(builder) {
    builder.onResolve({ filter: /\.mjs$/ }, (args) =>
      args.path.startsWith('.') ? { path: toFileUrl(path.resolve(args.resolveDir, args.path)).href, external: true } : undefined,
    );
  },
};
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function runTs(entry, name) {
  const root = path.resolve(import.meta.dirname, '..');
  const outDir = path.join(root, '.tmp', 'scripts');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [path.resolve(root, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'error',
    plugins: [keepMjsExternal],
  });
  return import(pathToFileURL(outfile).href);
}
