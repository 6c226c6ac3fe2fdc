#!/usr/bin/env node
// Runs every bench/*.bench.ts and prints its figures. Benchmarks report numbers;
// they never pass or fail on timing (timed assertions flake on a shared 2-core box).
// Each file is bundled for Node (dependencies stay external) and run in its own
// process so one benchmark's heap does not skew the next.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { bundleForNode } from './run-ts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = readdirSync(path.join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
  .sort();
let failed = 0;
for (const name of files) {
  const outfile = await bundleForNode(
    path.join('bench', name),
    path.join(root, '.tmp', 'bench', name.replace(/\.ts$/, '.mjs')),
  );
  console.log(`\n## ${name}`);
  const run = spawnSync(process.execPath, ['--expose-gc', outfile], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`\n${failed} benchmark file(s) could not run.`);
  process.exit(1);
}
