import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'imaging',
          root: './packages/imaging',
          include: ['src/**/*.test.ts'],
          // The model tools take seconds each, more on a busy machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          setupFiles: ['../../vitest.fail-on-console.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          setupFiles: ['../../vitest.fail-on-console.ts'],
        },
      },
      // The browser finder the Playwright config and the bench share; the specs themselves run in Playwright.
      { test: { name: 'e2e', root: './e2e', include: ['*.test.ts'] } },
      {
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['./src/test-setup.ts'], testTimeout: 20_000 },
      },
      { test: { name: 'scripts', root: './scripts', include: ['**/*.test.ts'] } },
    ],
    reporters: ['default', 'json'],
    outputFile: { json: './reports/vitest.json' },
  },
});
