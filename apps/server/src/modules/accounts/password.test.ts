import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordWork, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('runs at most one hash per core at once: a burst waits in line instead of holding 19 MiB each', async () => {
    const cores = os.availableParallelism();
    expect(passwordWork.concurrency).toBe(cores);
    let mostActive = 0;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      mostActive = Math.max(mostActive, passwordWork.active);
      mostWaiting = Math.max(mostWaiting, passwordWork.waiting);
    }, 1);
    const burst = Array.from({ length: cores * 4 }, (_, i) => hashPassword(`password number ${i}`));
    mostWaiting = Math.max(mostWaiting, passwordWork.waiting);
    const hashes = await Promise.all(burst);
    clearInterval(sampler);
    expect(mostActive).toBeGreaterThan(0);
    expect(mostActive).toBeLessThanOrEqual(cores);
    expect(mostWaiting).toBeGreaterThanOrEqual(cores * 3);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(await verifyPassword(hashes[3]!, 'password number 3')).toBe(true);
    expect(await verifyPassword(hashes[3]!, 'password number 4')).toBe(false);
    expect(passwordWork.active + passwordWork.waiting).toBe(0);
  });

  it('hashes on threads below the priority of the threads that serve requests (a login burst must not starve them)', async () => {
    const niceOf = async (tid: string) => {
      const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8');
      // Field 19 of /proc/<pid>/task/<tid>/stat, counted after the command name's closing parenthesis.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    await hashPassword('a password hashed to start the threads');
    const nices = await Promise.all((await readdir('/proc/self/task')).map(niceOf));
    expect(nices.filter((nice) => nice === 10).length).toBeGreaterThanOrEqual(1);
    expect(nices.filter((nice) => nice === 10).length).toBeLessThanOrEqual(os.availableParallelism());
    // The thread that called (this test's, as a request's would be) kept its own priority.
    expect(os.getPriority()).toBe(0);
  });

  it('reads a hash that is not argon2 (a deleted account) as no match', async () => {
    expect(await verifyPassword('', 'anything')).toBe(false);
  });
});
