import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the client keeps. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A well-formed token is exactly 43 base64url characters; anything else is rejected unhashed. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
