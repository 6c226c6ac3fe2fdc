import { defineConfig } from 'vitest/config';

// End-to-end tests drive real Chromium and Firefox with the built extension. One
// browser per file, files run one at a time: the CI machine has 2 cores.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts', 'test/web-tasks/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    reporters: ['default'],
  },
});
