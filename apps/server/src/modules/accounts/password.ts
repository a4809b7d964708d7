import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import { Piscina } from 'piscina';
import { serverRoot } from '../../server-root.ts';

// argon2id (Algorithm.Argon2id = 2; the enum is `const` and cannot be imported under isolatedModules)
// with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const cores = os.availableParallelism();

// One line for every hash and verification, one per core: a burst of sign-ups or logins waits here
// instead of holding 19 MiB each at once. Past the cores they would only queue anyway.
const limit = pLimit(cores);

// The hashing itself runs on threads of its own at a lower CPU priority (password-thread.mjs): a
// burst of logins takes every core it can get, and at the same priority it starved the database
// and the requests that only read (docs/decisions/031). Started on first use, gone when idle.
let pool: Piscina | undefined;
const threads = () =>
  (pool ??= new Piscina({
    filename: pathToFileURL(path.join(serverRoot, 'src/modules/accounts/password-thread.mjs')).href,
    minThreads: 0,
    maxThreads: cores,
    idleTimeout: 30_000,
  }));

/** How busy password hashing is (for tests and metrics). */
export const passwordWork = {
  get concurrency() {
    return limit.concurrency;
  },
  get active() {
    return limit.activeCount;
  },
  get waiting() {
    return limit.pendingCount;
  },
};

export function hashPassword(password: string): Promise<string> {
  return limit(() => threads().run({ password, options }, { name: 'hash' }) as Promise<string>);
}

/** False for a wrong password and for a stored hash that is not argon2 (a deleted account's). */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limit(() => threads().run({ passwordHash, password }, { name: 'verify' }) as Promise<boolean>);
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash;
}
