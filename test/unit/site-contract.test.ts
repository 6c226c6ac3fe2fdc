// @vitest-environment happy-dom
// Sites as contributions: a site is its folder plus one registry line. These tests
// hold the registry, the realm parts and the core to that: every registered site has
// every part of the contract, every site folder is registered, and no file outside a
// site's folder names the site (so the core, the panel, the relay and the runtimes
// iterate the registry instead). The page parts import DOM code, hence happy-dom.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITES } from '../../src/sites/sites';
import { WORKER_SITES } from '../../src/worker/sites/worker-sites';
import { PAGE_SITES } from '../../src/page/main/page-sites';
import { ISOLATED_SITES } from '../../src/page/isolated/isolated-sites';
import { pageChannel } from '../../src/sites/page-channel';
import {
  contractViolations,
  namingViolations,
  type SiteLike,
} from '../support/site-contract-checks';

const root = process.cwd();
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
const sourceFiles = walk(path.join(root, 'src'))
  .map((file) => path.relative(root, file).split(path.sep).join('/'))
  .filter((file) => /\.(ts|tsx)$/.test(file));
/** Product code: tests and their fixtures may use any site as example data. */
const productFiles = sourceFiles.filter(
  (file) => !/\.test(-d)?\.tsx?$/.test(file) && !file.includes('/__fixtures__/'),
);
const siteFolders = readdirSync(path.join(root, 'src/sites')).filter((name) =>
  statSync(path.join(root, 'src/sites', name)).isDirectory(),
);

describe('site contract', () => {
  it('registers every site folder, and every registered site has its folder and one *.site.ts', () => {
    expect(SITES.map((site) => site.id).sort()).toEqual([...siteFolders].sort());
    for (const folder of siteFolders) {
      const entries = sourceFiles.filter(
        (file) => file.startsWith(`src/sites/${folder}/`) && file.endsWith('.site.ts'),
      );
      expect(entries, folder).toEqual([`src/sites/${folder}/${folder}.site.ts`]);
    }
  });

  it('finds every part of the contract for every registered site', () => {
    for (const site of SITES) {
      const worker = WORKER_SITES.find((part) => part.site === site);
      const page = PAGE_SITES.find((part) => part.site === site);
      const isolated = ISOLATED_SITES.find((part) => part.site === site);
      expect(contractViolations(site, worker, page, isolated)).toEqual([]);
    }
  });

  it('reports each missing part of a broken site', () => {
    const typst = SITES[0];
    const broken: SiteLike = {
      id: 'Broken Site',
      urls: { patterns: [] },
      access: 'sometimes',
      frames: 'top',
      mainWorld: true,
      pageMethods: { 'other/read': {} },
      panel: { label: 'x' },
    };
    const problems = contractViolations(broken, { site: typst, systemPrompt: ' ' }, undefined);
    for (const expected of [
      'an id of lowercase letters',
      'URL match patterns',
      'a URL matcher',
      'an access kind',
      'a scope key function',
      'whether it offers a document',
      'valid panel contributions',
      'page method other/read named Broken Site/<action>',
      'a worker part declared for this site',
      'a system prompt',
      'a selection language',
      'a tool list',
      'a run state',
      'a page part',
    ]) {
      expect(
        problems.some((problem) => problem.includes(expected)),
        expected,
      ).toBe(true);
    }
    expect(contractViolations(typst, undefined, undefined).join('\n')).toContain('a worker part');
    // A site the person must allow brings its grant card's texts; an install site none.
    const grantTexts = { title: 'Allow on {host}', explanation: 'Reads.' };
    expect(
      contractViolations(
        { ...typst, panel: { ...typst.panel, grant: grantTexts } },
        undefined,
        undefined,
      ),
    ).toContainEqual(
      expect.stringContaining('no grant texts on a site that comes with the install'),
    );
    expect(contractViolations({ ...typst, access: 'grant' }, undefined, undefined)).toContainEqual(
      expect.stringContaining('grant texts (panel.grant)'),
    );
    // A prompt per mode and tier must give text for each of them.
    const typstWorker = WORKER_SITES.find((part) => part.site === typst);
    const blankCompact = {
      ...typstWorker,
      systemPrompt: ({ tier }: { tier: string }) => (tier === 'compact' ? ' ' : 'Prompt.'),
    };
    expect(contractViolations(typst, blankCompact, { site: typst }).join('\n')).toContain(
      'a system prompt',
    );
    expect(
      contractViolations(
        typst,
        { ...blankCompact, systemPrompt: () => 'Prompt.' },
        { site: typst },
      ),
    ).toEqual([]);
    // A site whose methods live in no page-script realm needs an isolated part, and
    // one realm answers a site's methods.
    const isolatedOnly: SiteLike = { ...broken, id: 'iso', mainWorld: false };
    expect(contractViolations(isolatedOnly, undefined, undefined).join('\n')).toContain(
      'an isolated part',
    );
    expect(
      contractViolations({ ...broken, id: 'both' }, undefined, { site: null }, { site: null }).join(
        '\n',
      ),
    ).toContain('one world only');
  });

  it('gives every site page method one owner and the site prefix', () => {
    const owners = new Map<string, string>();
    for (const site of SITES) {
      for (const name of Object.keys(site.pageMethods)) {
        expect(owners.has(name), name).toBe(false);
        owners.set(name, site.id);
        expect(Object.keys(pageChannel.methods)).toContain(name);
      }
    }
  });

  it('keeps every site out of files outside its own folder', () => {
    // The registry's one line per site is the only place outside the folder that names it.
    const registry = readFileSync(path.join(root, 'src/sites/sites.ts'), 'utf8');
    for (const site of SITES) {
      expect(registry.match(new RegExp(`from '\\./${site.id}/`, 'g'))).toHaveLength(1);
    }
    const problems = SITES.flatMap((site) =>
      productFiles
        .filter(
          (file) => !file.startsWith(`src/sites/${site.id}/`) && file !== 'src/sites/sites.ts',
        )
        .flatMap((file) =>
          namingViolations(file, readFileSync(path.join(root, file), 'utf8'), {
            id: site.id,
            patterns: site.urls.patterns,
          }),
        ),
    );
    expect(problems).toEqual([]);
  }, 60_000);

  it('catches a site named by a string, a host, a method or an import', () => {
    const site = { id: 'docs', patterns: ['https://docs.example/*'] };
    const source = [
      "import { x } from '../../sites/docs/docs.site';",
      "const a = 'docs';",
      "const b = `docs/read-${'outline'}`;",
      'const c = <p>Open https://docs.example/home</p>;',
      '// a comment that says docs is not code',
      "const fine = 'documentation';",
    ].join('\n');
    const problems = namingViolations('core.tsx', source, site);
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toContain('documentation');
  });
});
