// A thread of password.ts's pool: argon2 runs here, synchronously, at a lower CPU priority than the
// threads that serve requests and the database's (docs/decisions/031). On Linux a thread's nice
// value is its own, so this changes nothing else in the process. Plain JavaScript: the built server
// (dist/) starts it from its source folder as it is.
import os from 'node:os';
import { hashSync, verifySync } from '@node-rs/argon2';

export const niceness = 10;
try {
  os.setPriority(niceness);
} catch {
  // Not allowed here: the hashing still works, at the same priority as everything else.
}

export function hash({ password, options }) {
  return hashSync(password, options);
}

export function verify({ passwordHash, password }) {
  try {
    return verifySync(passwordHash, password);
  } catch {
    // Not an argon2 hash (a deleted account's): no match.
    return false;
  }
}
