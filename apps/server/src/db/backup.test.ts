import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  createDatabaseLocation,
  databaseKinds,
  post,
  register,
  testConfig,
  type DatabaseLocation,
} from '../test/harness.ts';
import { backupDatabase, restoreDatabase } from './backup.ts';

function installed(tool: string): boolean {
  try {
    execFileSync(tool, ['--version']);
    return true;
  } catch {
    return false;
  }
}

describe.each(databaseKinds)('backup and restore on %s', (kind) => {
  let location: DatabaseLocation;
  afterEach(() => location.dispose());

  // Three app starts, a dump and a load of the whole PGlite directory: some 30 s alone, twice that
  // beside the rest of the suite on two cores.
  it.skipIf(kind === 'postgres' && !installed('pg_dump'))(
    'a restore brings back the balances, ledger and sessions of the backup',
    { timeout: 150_000 },
    async () => {
      location = await createDatabaseLocation(kind);
      const target = { databaseUrl: location.url, dataDir: location.dataDir };
      const first = await buildApp({ config: testConfig(location), logger: false });
      const { token, user, password } = await register(first);
      await post(first, '/api/image/deduct-credit', token);
      await first.close();

      const file = await backupDatabase(target);
      expect(path.dirname(file)).toBe(path.join(location.dataDir, 'backups'));

      // Life goes on after the backup: one more credit spent, one more user.
      const second = await buildApp({ config: testConfig(location), logger: false });
      await post(second, '/api/image/deduct-credit', token);
      const later = await register(second);
      expect((await post(second, '/api/image/get-credit', token)).json().creditBalance).toBe(3);
      await second.close();

      const { keptAside } = await restoreDatabase(target, file);
      if (kind === 'pglite') expect(await readdir(location.dataDir)).toContain(path.basename(keptAside!));

      const third = await buildApp({ config: testConfig(location), logger: false });
      try {
        const credit = await post(third, '/api/image/get-credit', token);
        expect(credit.statusCode).toBe(200);
        expect(credit.json().creditBalance).toBe(4);
        const ledger = await third.inject({ method: 'GET', url: '/api/credits/ledger', headers: { token } });
        expect(
          ledger
            .json()
            .entries.map((entry: { delta: number }) => entry.delta)
            .sort(),
        ).toEqual([-1, 5]);
        expect((await post(third, '/api/user/login', undefined, { email: user.email, password })).statusCode).toBe(200);
        // The user made after the backup is not there.
        expect(
          (await post(third, '/api/user/login', undefined, { email: later.user.email, password: later.password }))
            .statusCode,
        ).toBe(401);
      } finally {
        await third.close();
      }
    },
  );
});

describe('backup of the embedded database', () => {
  let location: DatabaseLocation;
  afterEach(() => location.dispose());

  it('refuses while a server holds DATA_DIR, and a restore from a missing file moves nothing', async () => {
    location = await createDatabaseLocation('pglite');
    const app = await buildApp({ config: testConfig(location), logger: false });
    try {
      await expect(backupDatabase({ dataDir: location.dataDir })).rejects.toThrow(
        /is in use by another Lumigen process/,
      );
    } finally {
      await app.close();
    }
    await expect(
      restoreDatabase({ dataDir: location.dataDir }, path.join(location.dataDir, 'nope.tar.gz')),
    ).rejects.toThrow(/ENOENT/);
    expect(await readdir(location.dataDir)).not.toContainEqual(expect.stringMatching(/before-restore/));
  });
});
