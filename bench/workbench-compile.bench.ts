// Cold and incremental compile times of the workbench's sample project, measured in Node
// with the same typst.ts WASM compiler (0.7.0, Typst 0.14.2) and the same offline fonts the
// workbench page uses in its Web Worker. Node numbers leave out the browser's fetch and
// worker messaging (a few ms), and they never fail on time.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createTypstCompiler, loadFonts } from '@myriaddreamin/typst.ts';
import { extractFonts } from '../workbench/extract-fonts.mjs';

const root = process.cwd();
const require = createRequire(path.join(root, 'package.json'));
const projectDir = path.join(root, 'workbench', 'project', 'thesis');
const fontDir = path.join(root, '.tmp', 'bench', 'workbench-fonts');
const EDITS = 10;

function ms(value: number): string {
  return value.toFixed(1);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function projectFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? projectFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
}

if (!fs.existsSync(path.join(fontDir, 'index.json'))) extractFonts(fontDir);
const fonts = (
  JSON.parse(fs.readFileSync(path.join(fontDir, 'index.json'), 'utf8')) as string[]
).map((name) => new Uint8Array(fs.readFileSync(path.join(fontDir, name))));

let started = performance.now();
const compiler = createTypstCompiler();
await compiler.init({
  getModule: () => ({
    module_or_path: fs.readFileSync(require.resolve('@myriaddreamin/typst-ts-web-compiler/wasm')),
  }),
  beforeBuild: [loadFonts(fonts, { assets: false })],
});
const initMs = performance.now() - started;

for (const rel of projectFiles(projectDir)) {
  const bytes = fs.readFileSync(path.join(projectDir, rel));
  if (rel.endsWith('.png')) compiler.mapShadow(`/${rel}`, new Uint8Array(bytes));
  else compiler.addSource(`/${rel}`, bytes.toString('utf8'));
}
const mainText = fs.readFileSync(path.join(projectDir, 'main.typ'), 'utf8');

// One compile as the worker does it: check (errors and warnings), then the vector artifact.
async function compileOnce(): Promise<{ ms: number; hasError: boolean; bytes: number }> {
  const t0 = performance.now();
  const result = await compiler.runWithWorld({ mainFilePath: '/main.typ' }, async (world) => {
    const checked = await world.compile({ diagnostics: 'full' });
    const vector = checked.hasError ? null : (await world.vector({ diagnostics: 'full' })).result;
    return { hasError: checked.hasError, bytes: vector?.length ?? 0 };
  });
  return { ms: performance.now() - t0, ...result };
}

started = performance.now();
const cold = await compileOnce();
if (cold.hasError) throw new Error('the sample project does not compile');

const incremental: number[] = [];
for (let i = 0; i < EDITS; i++) {
  compiler.addSource('/main.typ', mainText.replace('= Method', `= Method ${i}`));
  incremental.push((await compileOnce()).ms);
}
compiler.addSource('/main.typ', mainText.replace('= Method', '= Method #'));
const errorPath = await compileOnce();

console.log(
  'where: Node 20, typst.ts WASM compiler in-process (same wasm and fonts as the page worker)',
);
console.log(`workbench compiler init (wasm + 17 fonts): ${ms(initMs)} ms`);
console.log(`workbench cold compile (sample, 5 pages): ${ms(cold.ms)} ms`);
console.log(`workbench vector artifact: ${Math.round(cold.bytes / 1024)} KiB`);
console.log(`workbench incremental compile median (${EDITS} edits): ${ms(median(incremental))} ms`);
console.log(`workbench incremental compile min: ${ms(Math.min(...incremental))} ms`);
console.log(`workbench incremental compile max: ${ms(Math.max(...incremental))} ms`);
console.log(`workbench compile with syntax error: ${ms(errorPath.ms)} ms`);
