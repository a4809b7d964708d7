import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * The address a mailbox really answers to, for "one sign-up bonus per person": lower-cased,
 * `+tag` removed, and for Gmail (which ignores dots and serves googlemail.com too) dots removed
 * and one domain. Used only to compare; accounts keep the address as typed.
 */
export function normalizeEmail(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  local = local.split('+')[0] ?? '';
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** What the bonus-claims table keeps: the address itself is never stored there. */
export function bonusClaimHash(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('hex');
}

// The community-kept list (`npm update` refreshes it); wildcard entries cover every subdomain.
const require = createRequire(import.meta.url);
const disposable = new Set<string>(require('disposable-email-domains') as string[]);
const disposableWildcards = new Set<string>(require('disposable-email-domains/wildcard.json') as string[]);

/** True for an address at a throwaway-mail domain or any subdomain of one. */
export function isDisposableEmail(email: string): boolean {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    const domain = labels.slice(i).join('.');
    if (disposable.has(domain) || disposableWildcards.has(domain)) return true;
  }
  return false;
}
