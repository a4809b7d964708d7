import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          setupFiles: ['./src/test/fail-on-console.ts'],
        },
      },
      // The browser finder the Playwright config and the bench share; the specs themselves run in Playwright.
      { test: { name: 'e2e', root: './e2e', include: ['*.test.ts'] } },
      { test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
    ],
    reporters: ['default', 'json'],
    outputFile: { json: './reports/vitest.json' },
  },
});
