import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export type SpawnedProcess = {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for a failure's message. */
  output(): string;
  /** Resolves with the first match of `pattern` in its output; rejects if it exits first or `timeoutMs` passes. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends `signal` (unless it has exited) and waits for the exit; resolves with the exit code (null: killed by a signal). */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
};

// Only what Node and tsx need from this environment: a developer's own SMTP_URL, OPENAI_API_KEY
// or S3_* must never reach a test's process (nothing may contact an outside host).
const inherited = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'] as const;

/**
 * Runs an entry point as its own Node process, configured by `env` alone: a TypeScript one
 * (`src/server.ts`) under tsx, a built one (`dist/server.js`, what `npm start` and `npm run worker`
 * run) as it is. Its output is kept rather than
 * inherited: a test fails on console output it did not expect. `keepOutputChars` keeps only that
 * much of the latest output, for a process that logs every request for minutes (the load bench).
 */
export function spawnEntry(
  entry: string,
  env: Record<string, string>,
  { keepOutputChars = Infinity }: { keepOutputChars?: number } = {},
): SpawnedProcess {
  const base = Object.fromEntries(
    inherited.flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]]])),
  );
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > keepOutputChars) output = output.slice(-keepOutputChars);
    for (const wake of waiters) wake();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = once(child, 'exit').then(() => {
    for (const wake of waiters) wake();
  });

  return {
    child,
    output: () => output,
    async waitFor(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = output.match(pattern);
        if (match) return match;
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(
            `${entry} exited (${child.exitCode ?? child.signalCode}) before printing ${pattern}:\n${output}`,
          );
        if (Date.now() > deadline) throw new Error(`${entry} never printed ${pattern}:\n${output}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 200);
          waiters.add(wake);
        });
      }
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
      return child.exitCode;
    },
  };
}
