// One lint config for the repository. The zones below are the import rules of
// docs/ARCHITECTURE.md ("who may import whom"); the restricted properties keep raw
// messaging inside transport files so every message goes through a typed client.
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { builtinRules } from 'eslint/use-at-your-own-risk';

// The size budget has two steps: a warning at 250 lines asks for a split when a second
// responsibility shows, an error at 400 refuses the file. ESLint gives one rule one
// severity, so the soft step is the same core rule under a second name. Both count
// formatted code without blank lines and comments.
const sizeBudget = { rules: { 'max-lines-soft': builtinRules.get('max-lines') } };

const transportFiles = [
  'src/worker/platform/**',
  'src/page/isolated/*-transport.ts',
  'src/page/main/*-transport.ts',
  'src/panel/transport/**',
  'src/shared/protocol/transport/**',
];

export default tseslint.config(
  {
    ignores: [
      '.output/**',
      '.wxt/**',
      '.tmp/**',
      'node_modules/**',
      'workbench/public/**',
      'bench-results/**',
      'test-results/**',
      // Mutation testing: its sandbox copies of the sources and its reports.
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, size: sizeBudget },
    languageOptions: { parserOptions: { ecmaVersion: 2022, sourceType: 'module' } },
    // An explicit resolver: without one, import-x falls back to a legacy resolver
    // package that is not installed and crashes on the first bare import.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 8 }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'size/max-lines-soft': ['warn', { max: 250, skipBlankLines: true, skipComments: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='postMessage'][callee.object.name='window']",
          message:
            'Use the page bridge transport (src/page/*/bridge-transport.ts) instead of window.postMessage.',
        },
        {
          selector: "CallExpression[callee.property.name='sendMessage']",
          message:
            'Use a typed client (createClient) over a transport file instead of raw sendMessage.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Globs, so a new site folder is covered without a line here. A site's root
          // files (`src/sites/<id>/*.ts`) and the registry files (`src/sites/*.ts`) are pure
          // and readable from every realm; realm folders are not.
          zones: [
            {
              target: './src/shared/**',
              from: ['./src/{worker,panel,page,sites,entrypoints}/**'],
              message: 'shared is pure: it imports only shared.',
            },
            {
              target: './src/worker/**',
              from: ['./src/{panel,page}/**', './src/sites/*/{page,isolated}/**'],
              message: 'The worker never imports page or panel code.',
            },
            {
              target: './src/page/isolated/**',
              from: [
                './src/{worker,panel}/**',
                './src/page/main/**',
                './src/sites/*/{worker,page}/**',
              ],
              message: 'The isolated relay knows no site: registry and site root files only.',
            },
            {
              target: './src/page/{main,kit}/**',
              from: [
                './src/{worker,panel}/**',
                './src/page/isolated/**',
                './src/sites/*/{worker,isolated}/**',
              ],
              message: 'The MAIN world reaches only shared, the page kit and site page code.',
            },
            {
              target: './src/sites/*/page/**',
              from: [
                './src/{worker,panel}/**',
                './src/page/{main,isolated}/**',
                './src/sites/*/{worker,isolated}/**',
              ],
              message: 'Site page code: shared, the page kit and its own site only.',
            },
            {
              target: './src/sites/*/worker/**',
              from: ['./src/{panel,page}/**', './src/sites/*/{page,isolated}/**'],
              message: 'Site worker code: shared, the worker contracts and its own site.',
            },
            {
              target: './src/sites/*/isolated/**',
              from: [
                './src/{worker,panel}/**',
                './src/page/main/**',
                './src/sites/*/{worker,page}/**',
              ],
              message: 'Site isolated-world code: shared and its own site only.',
            },
            {
              target: './src/panel/**',
              from: ['./src/{worker,page,sites}/**'],
              message: 'The panel talks to the worker only through the protocol.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'chrome',
        'browser',
        'document',
        'window',
        'fetch',
        'localStorage',
        'indexedDB',
      ],
    },
  },
  {
    files: ['src/page/main/**/*.ts', 'src/sites/*/page/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'chrome', message: 'The MAIN world has no extension APIs.' },
      ],
    },
  },
  {
    files: transportFiles,
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test-d.ts', 'test/**', 'scripts/**', 'workbench/**', 'bench/**'],
    rules: { 'no-restricted-syntax': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
