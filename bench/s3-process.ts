/**
 * The load bench's S3 server (s3rver) in a process of its own, so the load generator's event loop
 * does not serve the bucket too and its memory is measured apart. Prints the bucket's
 * environment as one JSON line once listening; SIGTERM removes its objects.
 */
import { startS3Server } from '../apps/server/src/test/s3-server.ts';

const s3 = await startS3Server('lumigen-load');
process.stdout.write(`${JSON.stringify(s3.env)}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await s3.close();
    process.exit(0);
  })();
});
