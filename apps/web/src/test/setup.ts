import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { recordSentBodies, server, takeProblems } from './mock-server.ts';

// CI runs these beside the server suites on two cores; a screen that takes two seconds to settle
// there is slow, not wrong. Waits still end as soon as the screen is right.
configure({ asyncUtilTimeout: 5000 });

// A request no test answers is caught by mockServer's handler; one made with none installed errors here.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  recordSentBodies();
});
// jsdom has no object URLs; a test that looks at them sets its own.
beforeEach(() => {
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  server.resetHandlers();
  const problems = takeProblems();
  if (problems.length > 0)
    throw new Error(`the fake server was asked or answered what the contract does not allow:\n${problems.join('\n')}`);
});
afterAll(() => server.close());
