import { defineConfig } from 'vitest/config';

// `npm run gallery`: the panel's states as screenshots (test/gallery), one browser
// per file, one file at a time, like the e2e suite.
export default defineConfig({
  test: {
    name: 'gallery',
    environment: 'node',
    include: ['test/gallery/**/*.gallery.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
