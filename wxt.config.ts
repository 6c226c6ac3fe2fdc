import { defineConfig } from 'wxt';
import path from 'node:path';
import {
  installHostPermissions,
  mainWorldResourceMatches,
  optionalHostPermissions,
  packagedSiteFiles,
} from './src/sites/manifest-sites';

// The manifest is built here so that every permission has one reason next to it.
// Host access comes from the site registry: the sites that ship with the install
// get it at install, every other origin is optional and requested when the person
// allows a site or configures an origin (model endpoint, custom tool, MCP server);
// see docs/ARCHITECTURE.md.
export default defineConfig({
  srcDir: 'src',
  entrypointsDir: 'entrypoints',
  outDir: '.output',
  imports: false,
  manifestVersion: 3,
  // The AMO sources zip carries what builds the extension, not test infrastructure
  // or generated output (the workbench alone is ~40 MB of wasm and fonts).
  zip: {
    excludeSources: [
      'workbench/**',
      'test/**',
      'test-results/**',
      'bench/**',
      '.tmp/**',
      '.ci/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.test-d.ts',
      '**/__fixtures__/**',
    ],
  },
  vite: () => ({
    // Preact's automatic JSX runtime; the panel is the only JSX consumer.
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: { target: 'es2022', sourcemap: false },
  }),
  manifest: ({ browser }) => ({
    name: 'Side Agent',
    description: 'A Typst co-author on typst.app and a careful web agent in the side panel.',
    permissions: [
      // The toolbar button's click gives temporary access to that one tab ("Only now"
      // in the panel); every other site is an optional host permission the person
      // grants per site from the panel.
      'activeTab',
      'storage',
      'unlimitedStorage',
      'scripting',
      'tabs',
      'identity',
      // Scheduled tasks: a job's time comes through an alarm; a finished run or one
      // waiting for an answer is announced with a notification.
      'alarms',
      'notifications',
      // Trusted input on web pages; Firefox has no debugger API (docs/decisions).
      // The agent's tabs are shown as a tab group on Chrome; Firefox marks them with the
      // toolbar badge instead (src/sites/web/worker/tabs/browser-tab-groups.ts).
      ...(browser === 'firefox' ? [] : ['sidePanel', 'debugger', 'tabGroups']),
    ],
    // Skills' download jobs save files only once the person allows it (Settings → Skills).
    optional_permissions: ['downloads'],
    host_permissions: installHostPermissions(),
    // Model endpoints and integrations may be any http(s) origin, whatever the sites.
    optional_host_permissions: [
      ...new Set([...optionalHostPermissions(), 'https://*/*', 'http://*/*']),
    ],
    action: { default_title: 'Side Agent' },
    // Extension pages and the worker may compile WebAssembly (the Typst parser that
    // checks proposed edits) and nothing else: no eval, no remote code. Chromium's MV3
    // default already says this; Firefox's does not allow wasm without it.
    content_security_policy: {
      extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';",
    },
    web_accessible_resources: [
      { resources: ['page-main.js'], matches: mainWorldResourceMatches() },
    ],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'side-agent@side-agent.invalid',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
  hooks: {
    // Files sites fetch from the extension at run time (a parser's wasm), copied as they
    // are: bundling them would inline or rename them per entry point.
    'build:publicAssets': (wxt, files) => {
      for (const file of packagedSiteFiles())
        files.push({
          absoluteSrc: path.resolve(wxt.config.root, file.from),
          relativeDest: file.to,
        });
    },
    'build:manifestGenerated': (wxt, manifest) => {
      // Firefox refuses `service_worker` alone and Chromium ignores `scripts`, so the
      // Firefox build lists both: one manifest shape that loads in either browser.
      if (
        wxt.config.browser === 'firefox' &&
        manifest.background &&
        'scripts' in manifest.background
      ) {
        const scripts = manifest.background.scripts ?? [];
        (manifest.background as Record<string, unknown>)['service_worker'] = scripts[0];
      }
    },
  },
});
