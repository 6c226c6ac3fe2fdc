import { defineConfig } from 'vitest/config';

// Two projects split by environment (house style D6): pure and worker code runs in
// node; panel and page code runs against happy-dom. Type tests (*.test-d.ts) are
// checked by `npm run typecheck` (tsc), where an unused @ts-expect-error fails.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    // A hang guard, not a speed check: generated-input tests of thousands of cases
    // take a few seconds on a busy two-core machine, and speed lives in bench/.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          exclude: ['src/sites/*/page/**', 'src/sites/*/isolated/**', '**/node_modules/**'],
          include: [
            'src/shared/**/*.test.ts',
            'src/worker/**/*.test.ts',
            'src/sites/**/*.test.ts',
            'test/unit/**/*.test.ts',
            'workbench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: [
            'src/panel/**/*.test.{ts,tsx}',
            'src/page/**/*.test.ts',
            'src/sites/*/page/**/*.test.ts',
            'src/sites/*/isolated/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
