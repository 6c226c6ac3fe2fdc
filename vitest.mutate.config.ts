import { defineConfig } from 'vitest/config';

// The unit tests that exercise the trust-critical modules StrykerJS mutates
// (stryker.config.mjs), split by environment the way vitest.config.ts splits them.
// Only these run under mutation: the full suite would make every mutant cost minutes.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    // Instrumented code on a shared machine runs several times slower than `npm test`;
    // a test that only ran slowly must not count as a killed mutant or fail the dry run.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'mutate-node',
          environment: 'node',
          include: [
            'src/shared/protocol/router*.test.ts',
            'src/worker/platform/classify-sender*.test.ts',
            'src/worker/tools/approval-policy*.test.ts',
            'src/worker/tools/tool-registry*.test.ts',
            'src/worker/tools/run-tool*.test.ts',
            'src/worker/integrations/trust-fingerprint*.test.ts',
            'src/worker/integrations/endpoint-policy*.test.ts',
            'src/worker/integrations/run-tool-set*.test.ts',
            'src/worker/recovery/revert-*.test.ts',
            'src/worker/recovery/compose-changes*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'mutate-dom',
          environment: 'happy-dom',
          include: [
            'src/page/kit/guarded-commit*.test.ts',
            'src/sites/typst/page/typst-page-adapters.test.ts',
            'src/panel/markdown/render-markdown.test.ts',
            'src/panel/markdown/hostile-corpus.test.ts',
            'src/panel/markdown/sanitize*.test.ts',
            'src/panel/markdown/link-policy*.test.ts',
          ],
        },
      },
    ],
  },
});
