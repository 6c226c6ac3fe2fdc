// Structure tests (house style D6): the conventions that keep "adding a tool, a
// provider or a site is a file plus one registry line" true.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const src = path.join(root, 'src');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const files = walk(src).map((file) => path.relative(root, file).split(path.sep).join('/'));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const codeLines = (file: string) =>
  read(file)
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('//')).length;

describe('architecture', () => {
  it('registers every *.tool.ts: core tools in builtin-tools.ts, site tools in their worker part', () => {
    const core = read('src/worker/tools/builtin-tools.ts');
    const tools = files.filter((file) => file.endsWith('.tool.ts'));
    expect(tools.length).toBeGreaterThanOrEqual(10);
    // A site's worker part lists its tools itself or through `*-tools.ts` lists in its
    // worker folder (one per group of tools).
    const siteRegistry = (site: string) =>
      [
        `src/sites/${site}/worker/${site}.worker.ts`,
        ...files.filter(
          (file) => file.startsWith(`src/sites/${site}/worker/`) && file.endsWith('-tools.ts'),
        ),
      ]
        .map(read)
        .join('\n');
    for (const tool of tools) {
      const module = path.basename(tool, '.ts');
      const site = /^src\/sites\/([^/]+)\//.exec(tool)?.[1];
      const registry = site ? siteRegistry(site) : core;
      expect(registry, `${tool} is not registered`).toContain(`/${module}'`);
    }
  });

  it('keeps entry files to wiring only', () => {
    for (const file of files.filter(
      (file) => file.startsWith('src/entrypoints/') && /\.(ts|tsx)$/.test(file),
    )) {
      expect(codeLines(file), file).toBeLessThanOrEqual(12);
    }
  });

  it('keeps composition roots small', () => {
    for (const file of [
      'src/worker/main.ts',
      'src/page/isolated/main.ts',
      'src/page/main/main.ts',
      'src/panel/main.tsx',
    ]) {
      expect(codeLines(file), file).toBeLessThanOrEqual(100);
    }
  });

  it('never lets one site import another', () => {
    const sites = readdirSync(path.join(src, 'sites')).filter((name) =>
      statSync(path.join(src, 'sites', name)).isDirectory(),
    );
    for (const file of files.filter((file) => file.startsWith('src/sites/'))) {
      const own = file.split('/')[2];
      for (const other of sites.filter((site) => site !== own)) {
        expect(read(file), `${file} imports sites/${other}`).not.toMatch(
          new RegExp(`from '[./]*(?:sites/)?\\.\\./${other}/|sites/${other}/`),
        );
      }
    }
  });

  it('imports zod only through the jitless module', () => {
    for (const file of files.filter(
      (file) => /\.(ts|tsx)$/.test(file) && file !== 'src/shared/schema/zod.ts',
    )) {
      expect(read(file), file).not.toMatch(/from 'zod'/);
    }
  });

  it('names protocol methods domain/action in kebab case', async () => {
    const { panelToWorker } = await import('../../src/shared/protocol/panel-to-worker');
    const { pageChannel } = await import('../../src/sites/page-channel');
    const { workerToPanel } = await import('../../src/shared/protocol/worker-to-panel');
    const { pageToWorker } = await import('../../src/shared/protocol/page-to-worker');
    const names = [
      ...Object.keys(panelToWorker.methods),
      ...Object.keys(pageChannel.methods),
      ...Object.keys(workerToPanel.events),
      ...Object.keys(pageToWorker.events),
    ];
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*\/[a-z]+(-[a-z]+)*$/);
  });
});
