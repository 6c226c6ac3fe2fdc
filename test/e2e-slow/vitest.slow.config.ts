import { defineConfig } from 'vitest/config';

// Slow end-to-end targets (minutes each): worker lifetime under long waits. Run
// with `npx wxt build && npx vitest run -c test/e2e-slow/vitest.slow.config.ts`.
export default defineConfig({
  test: {
    name: 'e2e-slow',
    environment: 'node',
    include: ['test/e2e-slow/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
