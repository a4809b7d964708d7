import { brand } from '@lumigen/contract/brand';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One layout for every message: the brand, a greeting, a paragraph, one button, a closing note. */
function compose(input: {
  kind: string;
  to: string;
  subject: string;
  name: string;
  intro: string;
  action: string;
  link: string;
  outro: string;
}): MailMessage {
  const text = [
    `Hello ${input.name},`,
    '',
    input.intro,
    '',
    `${input.action}: ${input.link}`,
    '',
    input.outro,
    '',
    `— ${brand.name}, ${brand.tagline}`,
    `Questions? ${brand.email}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1c1b29">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:20px;font-weight:700;margin:0 0 24px">${escapeHtml(brand.name)}</p>
<p>Hello ${escapeHtml(input.name)},</p>
<p>${escapeHtml(input.intro)}</p>
<p style="margin:32px 0"><a href="${escapeHtml(input.link)}" style="background:#5b3df5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(input.action)}</a></p>
<p style="font-size:14px;color:#55536b">Or paste this address into your browser: ${escapeHtml(input.link)}</p>
<p style="font-size:14px;color:#55536b">${escapeHtml(input.outro)}</p>
<p style="font-size:12px;color:#55536b;margin-top:32px">${escapeHtml(brand.name)}, ${escapeHtml(brand.tagline)} · <a href="mailto:${brand.email}">${brand.email}</a></p>
</td></tr></table></body></html>`;
  return { kind: input.kind, to: input.to, subject: input.subject, text, html };
}

export function passwordResetMail(input: {
  to: string;
  name: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  return compose({
    kind: 'password-reset',
    to: input.to,
    subject: `Reset your ${brand.name} password`,
    name: input.name,
    intro: `Someone (we hope you) asked to reset the password of your ${brand.name} account. The link works once, for ${input.validMinutes} minutes.`,
    action: 'Choose a new password',
    link: input.link,
    outro: 'If you did not ask for this, ignore this message: your password stays as it is.',
  });
}

export function verifyEmailMail(input: { to: string; name: string; link: string; validHours: number }): MailMessage {
  return compose({
    kind: 'email-verification',
    to: input.to,
    subject: `Confirm your e-mail address for ${brand.name}`,
    name: input.name,
    intro: `Please confirm that this is your e-mail address. The link works for ${input.validHours} hours.`,
    action: 'Confirm my e-mail address',
    link: input.link,
    outro: `If you did not create a ${brand.name} account, ignore this message.`,
  });
}

export function changeEmailMail(input: { to: string; name: string; link: string; validHours: number }): MailMessage {
  return compose({
    kind: 'email-change',
    to: input.to,
    subject: `Confirm your new e-mail address for ${brand.name}`,
    name: input.name,
    intro: `Please confirm that you want to use this address for your ${brand.name} account. Until you open the link, your account keeps its current address. The link works for ${input.validHours} hours.`,
    action: 'Use this e-mail address',
    link: input.link,
    outro: `If you did not ask for this, ignore this message: nothing changes.`,
  });
}

/** After a reset: the owner learns it happened, and that every key that could spend their credits is gone. */
export function passwordResetDoneMail(input: {
  to: string;
  name: string;
  link: string;
  keysRevoked: number;
}): MailMessage {
  const keys =
    input.keysRevoked === 0
      ? 'Every other session was signed out, and any API key of the account was revoked.'
      : `Every other session was signed out, and the account's ${input.keysRevoked} API key${input.keysRevoked === 1 ? ' was' : 's were'} revoked: programs using ${input.keysRevoked === 1 ? 'it' : 'them'} need a new key.`;
  return compose({
    kind: 'password-reset-done',
    to: input.to,
    subject: `Your ${brand.name} password was reset`,
    name: input.name,
    intro: `The password of your ${brand.name} account was just reset with a link we mailed to this address. ${keys}`,
    action: 'Review your account',
    link: input.link,
    outro: `If this was not you, reset your password again at once and write to ${brand.email}.`,
  });
}

/** A new key can spend the account's credits: its owner hears of it, with the way to revoke it. */
export function apiKeyCreatedMail(input: {
  to: string;
  name: string;
  keyName: string;
  scopes: string[];
  dailyCreditCap: number | null;
  link: string;
}): MailMessage {
  const cap =
    input.dailyCreditCap === null
      ? 'no daily credit cap'
      : `a daily cap of ${input.dailyCreditCap} credit${input.dailyCreditCap === 1 ? '' : 's'}`;
  return compose({
    kind: 'api-key-created',
    to: input.to,
    subject: `A new API key was created on your ${brand.name} account`,
    name: input.name,
    intro: `An API key named “${input.keyName}” was created on your ${brand.name} account, with the scopes ${input.scopes.join(', ')} and ${cap}. Programs holding it can spend your credits.`,
    action: 'Review or revoke your API keys',
    link: input.link,
    outro: 'If you did not create it, revoke it on your profile page (Developers) and change your password.',
  });
}

/** Strangers used up the address's login attempts: the owner learns of it, once per window. */
export function loginGuessingMail(input: {
  to: string;
  name: string;
  link: string;
  windowMinutes: number;
}): MailMessage {
  return compose({
    kind: 'login-guessing',
    to: input.to,
    subject: `Someone is trying to sign in to your ${brand.name} account`,
    name: input.name,
    intro: `Someone has been guessing the password of your ${brand.name} account, from browsers that never signed in to it. For the next ${input.windowMinutes} minutes we refuse further attempts from them; your own browsers, where you signed in before, still sign in as usual.`,
    action: 'Choose a new password',
    link: input.link,
    outro: 'If your password is used elsewhere, or easy to guess, choose a new one. Nothing else is needed.',
  });
}
