import { hash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the client keeps. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Every authenticated request hashes its token: the one-shot `hash` costs a fraction of a `Hash` object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A well-formed token is exactly 43 base64url characters; anything else is rejected unhashed. */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
