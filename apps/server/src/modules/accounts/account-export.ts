import type { Readable } from 'node:stream';
import { exportFiles } from '@lumigen/contract/accounts';
import type { FastifyBaseLogger } from 'fastify';
import { appendImagesInTurn, newZipArchive } from '../../lib/zip-entry.ts';
import type { CreditsService } from '../credits/index.ts';
import type { ImagesService } from '../images/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { AccountsService } from './accounts.service.ts';

type ExportDeps = {
  accounts: AccountsService;
  credits: CreditsService;
  payments: PaymentsService;
  images: ImagesService;
};

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; CRLF line ends. */
function csv(rows: Array<Array<string | number | null>>): string {
  const field = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => `${row.map(field).join(',')}\r\n`).join('');
}

/** Every ledger row of the user, oldest first, read page by page. */
async function wholeLedger(credits: CreditsService, userId: string) {
  const entries = [];
  let cursor: string | undefined;
  do {
    const page = await credits.ledger(userId, cursor, 100);
    entries.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries.reverse();
}

/**
 * The user's data as a ZIP (GDPR art. 20): account.json, ledger.csv, payments.csv and every image
 * under images/. Streamed: the images are streamed in one at a time, so memory holds a chunk, not
 * an image, whatever the account's size, and a slow download holds back the reading.
 */
export async function exportAccount(
  { accounts, credits, payments, images }: ExportDeps,
  userId: string,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const [user, ledger, purchases, owned] = await Promise.all([
    accounts.profile(userId),
    wholeLedger(credits, userId),
    payments.list(userId, 10_000),
    images.listAllOwned(userId),
  ]);
  const archive = await newZipArchive();
  const account = {
    ...user,
    exportedAt: new Date().toISOString(),
    images: owned.map(({ open: _open, ...image }) => ({ ...image, file: `images/${image.id}.png` })),
  };
  archive.append(JSON.stringify(account, null, 2), { name: exportFiles.account });
  archive.append(
    csv([
      ['date', 'description', 'change', 'balance_after', 'image_id'],
      ...ledger.map((e) => [e.createdAt, e.description, e.delta, e.balanceAfter, e.imageId]),
    ]),
    { name: exportFiles.ledger },
  );
  archive.append(
    csv([
      ['date', 'bundle', 'credits', 'amount', 'currency', 'status', 'payment_id'],
      ...purchases
        .reverse()
        .map((p) => [
          p.createdAt,
          p.bundle,
          p.credits,
          (p.amount / 100).toFixed(2),
          p.currency,
          p.status,
          p.paymentIntentId,
        ]),
    ]),
    { name: exportFiles.payments },
  );
  // An image whose bytes are missing is listed in account.json and skipped in images/.
  appendImagesInTurn(
    archive,
    owned.map((image) => ({ name: `images/${image.id}.png`, open: image.open })),
    ({ name }) => log.warn({ file: name }, 'export: image bytes missing'),
  );
  return archive;
}
