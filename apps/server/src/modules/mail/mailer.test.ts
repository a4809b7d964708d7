import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brand } from '@lumigen/contract/brand';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { loadConfig } from '../../config.ts';
import { startTestApp } from '../../test/harness.ts';
import { outbox, startSmtpServer } from '../../test/mail.ts';
import { passwordResetMail } from './mail-templates.ts';
import { createMailer } from './mailer.ts';

function recordingLog() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    void lines.push({ level, fields, msg });
  return { lines, log: { info: at('info'), error: at('error') } as never };
}

const secretToken = 'tok3n-that-must-never-be-logged-AAAAAAAAAAAAAAA';
const message = () =>
  passwordResetMail({
    to: 'ada@example.com',
    name: 'Ada <Countess>',
    link: `https://lumigen.example/reset?token=${secretToken}`,
    validMinutes: 30,
  });

describe('mailer', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumigen-mail-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('defaults the sender to the brand support address and the outbox under DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: `${brand.name} <${brand.email}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('without SMTP_URL writes each message as an .eml file with text and HTML parts, logging only the file name', async () => {
    const { log, lines } = recordingLog();
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Lumigen Test <noreply@lumigen.example>' });
    const mailer = createMailer(config.mail, log);
    expect(mailer.providerName).toBe(`outbox in ${path.join(dataDir, 'outbox')}`);
    mailer.deliver(message());
    await mailer.close();

    const [mail, ...more] = await outbox(dataDir);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      from: 'Lumigen Test <noreply@lumigen.example>',
      to: 'ada@example.com',
      subject: 'Reset your Lumigen password',
    });
    expect(mail!.text).toContain(`https://lumigen.example/reset?token=${secretToken}`);
    expect(mail!.text).toContain('Hello Ada <Countess>,');
    expect(mail!.html).toContain(`href="https://lumigen.example/reset?token=${secretToken}"`);
    expect(mail!.html).toContain('Hello Ada &lt;Countess&gt;,');
    expect(mail!.html).toContain(brand.name);
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/);

    expect(lines).toEqual([
      { level: 'info', fields: { mail: 'password-reset', file: mail!.file }, msg: 'mail written to outbox' },
    ]);
    expect(JSON.stringify(lines)).not.toContain(secretToken);
    expect(JSON.stringify(lines)).not.toContain('ada@example.com');
  });

  it('with SMTP_URL sends through the SMTP server, logging in with the URL credentials, and writes no outbox file', async () => {
    const smtp = await startSmtpServer({ user: 'mailer', pass: 's3cret' });
    try {
      const { log, lines } = recordingLog();
      const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}` });
      const mailer = createMailer(config.mail, log);
      expect(mailer.providerName).toBe('smtp');
      await mailer.send(message());
      await mailer.close();

      expect(smtp.logins).toEqual(['mailer']);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({
        from: `${brand.name} <${brand.email}>`,
        to: 'ada@example.com',
        subject: 'Reset your Lumigen password',
      });
      expect(smtp.received[0]!.text).toContain(`https://lumigen.example/reset?token=${secretToken}`);
      expect(smtp.received[0]!.html).toContain(`https://lumigen.example/reset?token=${secretToken}`);
      expect(await readdir(dataDir)).toEqual([]);
      expect(lines).toEqual([
        { level: 'info', fields: { mail: 'password-reset', messageId: expect.any(String) }, msg: 'mail sent' },
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('logs a refused background send without its body, and does not throw', async () => {
    const smtp = await startSmtpServer({ user: 'mailer', pass: 's3cret' });
    try {
      const { log, lines } = recordingLog();
      const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}` });
      const mailer = createMailer(config.mail, log);
      await expect(mailer.send(message())).rejects.toThrow();
      mailer.deliver(message());
      await mailer.close();
      expect(smtp.received).toEqual([]);
      expect(lines).toEqual([
        { level: 'error', fields: { mail: 'password-reset', err: expect.any(Error) }, msg: 'mail could not be sent' },
      ]);
      expect(JSON.stringify(lines.map((l) => l.msg))).not.toContain(secretToken);
    } finally {
      await smtp.close();
    }
  });
});

describe('the start-up line', () => {
  it('names SMTP as the mail provider when SMTP_URL is set, without its credentials', async () => {
    const lines: Array<{ msg?: string }> = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      ),
    );
    const t = await startTestApp(
      'pglite',
      { LOG_LEVEL: 'info', SMTP_URL: 'smtp://mailer:s3cret@127.0.0.1:2525' },
      { logger: { stream } },
    );
    try {
      const line = lines.find((l) => l.msg?.startsWith('providers: '));
      expect(line?.msg).toMatch(/; mail: smtp$/);
      expect(JSON.stringify(lines)).not.toContain('s3cret');
    } finally {
      await t.close();
    }
  });
});
