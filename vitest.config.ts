import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs every file one after another on a two-core machine, while
    // most server files wait on PostgreSQL, child processes and sockets rather than compute.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          setupFiles: ['../../vitest.fail-on-console.ts'],
        },
      },
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
          // One migrated PGlite database, copied for each test database (src/test/pglite-template.ts).
          globalSetup: ['./src/test/pglite-template.ts'],
        },
      },
      // The browser finder the Playwright config and the bench share; the specs themselves run in Playwright.
      { test: { name: 'e2e', root: './e2e', include: ['*.test.ts'], setupFiles: ['../vitest.fail-on-console.ts'] } },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../../vitest.fail-on-console.ts', './src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
          setupFiles: ['../vitest.fail-on-console.ts'],
        },
      },
    ],
    reporters: ['default', 'json'],
    outputFile: { json: './reports/vitest.json' },
  },
});
