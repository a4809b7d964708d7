import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id (Algorithm.Argon2id = 2; the enum is `const` and cannot be imported under isolatedModules)
// with OWASP's minimum parameters: 19 MiB, 2 passes, 1 lane.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// One line for every hash and verification, one per core: a burst of sign-ups or logins waits here
// instead of running on all of libuv's threads at once (each holding its 19 MiB, and starving the
// file and image work that shares those threads). Past the cores they would only queue there anyway.
const limit = pLimit(os.availableParallelism());

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
  return limit(() => hash(password, options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limit(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so both failures take the same time.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash;
}
