// Mutation testing of the trust-critical modules: `npm run mutate` (slow; not part of
// `npm test` or CI). `npm run mutate -- --mutate <file>` mutates one module. The
// scores and how to read them live in docs/testing.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts' },
  // Each mutant runs only the tests that reached it in the first, instrumented run.
  coverageAnalysis: 'perTest',
  mutate: [
    'src/shared/protocol/router.ts',
    'src/worker/platform/classify-sender.ts',
    'src/worker/tools/approval-policy.ts',
    'src/worker/integrations/trust-fingerprint.ts',
    'src/worker/tools/tool-registry.ts',
    'src/worker/tools/run-tool-policy.ts',
    'src/worker/integrations/run-tool-set.ts',
    'src/worker/integrations/endpoint-policy.ts',
    'src/page/kit/guarded-commit.ts',
    'src/worker/recovery/revert-changes.ts',
    'src/worker/recovery/compose-changes.ts',
    'src/panel/markdown/sanitize.ts',
    'src/panel/markdown/link-policy.ts',
  ],
  // The machine is shared: two test workers at most.
  concurrency: 2,
  // Re-test only mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, allowEmojis: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  ignorePatterns: [
    '.output',
    '.tmp',
    'test-results',
    'bench-results',
    'reports',
    'workbench/public/generated',
  ],
  // A timeout counts as a detected mutant, so it must mean a hang (a loop that never
  // ends), not a slow run on a busy shared machine: allow three times the baseline
  // run of the covering tests plus 20 s.
  timeoutFactor: 3,
  timeoutMS: 20000,
};
