import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string; subject: string; text: string; html: string; raw: string };

async function parse(raw: Buffer): Promise<ReceivedMail> {
  const mail: ParsedMail = await simpleParser(raw);
  // "Name <address>" (or the bare address), whatever quoting the header used.
  const address = (value: ParsedMail['to'] | ParsedMail['from']) =>
    (Array.isArray(value) ? value : value ? [value] : [])
      .flatMap((v) => v.value)
      .map((a) => (a.name ? `${a.name} <${a.address}>` : (a.address ?? '')))
      .join(', ');
  return {
    from: address(mail.from),
    to: address(mail.to),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    raw: raw.toString(),
  };
}

/** Every .eml file the app wrote to its outbox, oldest first, parsed. */
export async function outbox(dataDir: string): Promise<Array<ReceivedMail & { file: string }>> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => ({ file, ...(await parse(await readFile(path.join(dir, file)))) })));
}

/**
 * Mail is sent after the answer (in the background): wait until `count` messages addressed to
 * `to` (with `subject`, when given) are in the outbox, and return them, oldest first.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  { count = 1, subject, timeoutMs = 10_000 }: { count?: number; subject?: string; timeoutMs?: number } = {},
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await outbox(dataDir)).filter(
      (m) => m.to.toLowerCase() === to.toLowerCase() && (subject === undefined || m.subject === subject),
    );
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} after ${timeoutMs} ms (found ${found.length})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!match) throw new Error(`no link starting with ${prefix} in the mail`);
  return match;
}

/** A real SMTP server on loopback that keeps what it receives (and who logged in). */
export async function startSmtpServer(options: { user?: string; pass?: string } = {}) {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) {
        logins.push(auth.username ?? '');
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        parse(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token a mailed link carries, in its fragment (`#token=…`). */
export function tokenOf(link: string): string {
  const token =
    new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
