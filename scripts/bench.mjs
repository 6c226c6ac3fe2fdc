#!/usr/bin/env node
// Runs every bench/*.bench.ts and prints its figures. Benchmarks report numbers;
// they never pass or fail on timing (timed assertions flake on a shared 2-core box).
// Each file is bundled with esbuild for Node (dependencies stay external) and run in
// its own process so one benchmark's heap does not skew the next.
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
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = readdirSync(path.join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();
const outDir = path.join(root, '.tmp', 'bench');
mkdirSync(outDir, { recursive: true });
let failed = 0;
for (const name of files) {
  const outfile = path.join(outDir, name.replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [path.join(root, 'bench', name)],
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
  console.log(`\n## ${name}`);
  const run = spawnSync(process.execPath, ['--expose-gc', outfile], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`\n${failed} benchmark file(s) could not run.`);
  process.exit(1);
}
