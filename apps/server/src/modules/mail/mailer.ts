import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.ts';

/** What a mail template makes: both parts are always present (clients pick the one they show). */
export type MailMessage = {
  /** Names the message in logs ("password-reset"); the body and the address never are logged. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
};

export type Mailer = {
  /** `smtp` or `outbox in <dir>`: the start-up line names it. */
  providerName: string;
  /** Sends now; rejects when the server refuses. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background, after the caller's transaction has committed: the answer does not
   * wait for (or reveal, through its timing) the mail server, and a failure is logged, not thrown.
   */
  deliver(message: MailMessage): void;
  /** Waits for background sends, then closes the transport. */
  close(): Promise<void>;
};

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

export function createMailer(config: MailConfig, log: Log): Mailer {
  const pending = new Set<Promise<void>>();
  const send = config.smtpUrl
    ? smtpSender(config.smtpUrl, config.from, log)
    : outboxSender(config.outboxDir, config.from, log);
  return {
    providerName: config.smtpUrl ? 'smtp' : `outbox in ${config.outboxDir}`,
    send: send.send,
    deliver(message) {
      const sending = send
        .send(message)
        .catch((error: unknown) => log.error({ err: error, mail: message.kind }, 'mail could not be sent'));
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async close() {
      await Promise.all(pending);
      send.close();
    },
  };
}

function smtpSender(url: string, from: string, log: Log) {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      log.info({ mail: message.kind, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * No SMTP server configured: nodemailer still builds the exact message a server would get, and it
 * lands in the outbox as an .eml file any mail client opens (development, and the e2e tests).
 */
function outboxSender(dir: string, from: string, log: Log) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message: MailMessage) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(dir, { recursive: true });
      // Sortable by time, unique across instances sharing the directory.
      const file = `${new Date().toISOString().replaceAll(':', '-')}-${message.kind}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(dir, file), info.message as Buffer, { mode: 0o600 });
      log.info({ mail: message.kind, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}

/** Outbox files older than `days` go: they hold addresses and links, and nobody sends them on. */
export async function pruneOutbox(dir: string, days: number): Promise<void> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const before = Date.now() - days * 86_400_000;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && info.mtimeMs < before) await rm(file, { force: true });
  }
}
