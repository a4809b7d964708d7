import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const vitest = path.resolve(import.meta.dirname, '../../../../node_modules/vitest/vitest.mjs');

type Report = { testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[] };

it('fails a web test that logs console.error, and only that test', async () => {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'fail-on-console-')), 'report.json');
  const config = path.join(import.meta.dirname, 'fixtures/vitest.config.ts');
  const exit = await run(process.execPath, [
    vitest,
    'run',
    '--config',
    config,
    '--reporter=json',
    `--outputFile=${report}`,
  ]).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );
  const results = (JSON.parse(readFileSync(report, 'utf8')) as Report).testResults.flatMap(
    (file) => file.assertionResults,
  );
  expect(exit).toBe(1);
  expect(results.map((result) => [result.title, result.status])).toEqual([
    ['quiet', 'passed'],
    ['logs an error', 'failed'],
  ]);
  expect(results[1]!.failureMessages.join('\n')).toContain(
    'console.error was called during the test: something went wrong',
  );
}, 60_000);
