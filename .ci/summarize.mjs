// Reads the test reports of a CI run (by default one `npm test` run's two) and prints exactly one line: "N passed, N failed".
// A missing or unreadable report counts as one failure, so a crash never looks green.
// Exit code: 0 when every report was read and nothing failed, 1 otherwise.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const reportsDir = path.resolve(import.meta.dirname, '..', 'reports');

function read(name) {
  const file = path.join(reportsDir, name);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`summarize: cannot read ${path.relative(process.cwd(), file)}: ${error.message}`);
    return undefined;
  }
}

const count = (value) => (Number.isFinite(value) ? value : 0);

/** Vitest's JSON reporter: tests, plus files that failed without a failed test (e.g. did not load). */
function vitest(report) {
  if (!report) return { passed: 0, failed: 1 };
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return { passed: count(report.numPassedTests), failed: count(report.numFailedTests) + brokenFiles };
}

/** Playwright's JSON reporter: flaky (passed on retry) counts as passed; run-level errors as failed. */
function playwright(report) {
  if (!report) return { passed: 0, failed: 1 };
  const stats = report.stats ?? {};
  return {
    passed: count(stats.expected) + count(stats.flaky),
    failed: count(stats.unexpected) + (report.errors ?? []).length,
  };
}

// The reports named on the command line (a Vitest or a Playwright report, by its name), else one run's two.
const names = process.argv.length > 2 ? process.argv.slice(2) : ['vitest.json', 'playwright.json'];
const results = names.map((name) => (name.startsWith('playwright') ? playwright(read(name)) : vitest(read(name))));
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);

console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
