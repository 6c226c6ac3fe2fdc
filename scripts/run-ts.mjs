// Bundles a TypeScript entry script for Node 20 with esbuild (dependencies stay
// external) and runs it. Used by `npm start` and `npm run bench`.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

// Plain .mjs modules (the workbench server, the model server) read
// import.meta.dirname, so they are imported in place instead of bundled.
const keepMjsExternal = {
  name: 'keep-mjs-external',
  setup(builder) {
    builder.onResolve({ filter: /\.mjs$/ }, (args) =>
      args.path.startsWith('.')
        ? { path: pathToFileURL(path.resolve(args.resolveDir, args.path)).href, external: true }
        : undefined,
    );
  },
};

/** Bundles `entry` (relative to the repository root) into `outfile` for Node. */
export async function bundleForNode(entry, outfile) {
  mkdirSync(path.dirname(outfile), { recursive: true });
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
    jsx: 'automatic',
    jsxImportSource: 'preact',
  });
  return outfile;
}

/** Bundles and imports `entry`; `name` names the bundle under .tmp/scripts. */
export async function runTs(entry, name) {
  const outfile = await bundleForNode(entry, path.join(root, '.tmp', 'scripts', `${name}.mjs`));
  return import(pathToFileURL(outfile).href);
}
