import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { serializeError } from './lib/log-serializers.ts';
import { startWorker } from './worker-process.ts';

// The worker process (worker.ts checks the Node first): takes paid work from the job queue; `web-main.ts` is the web app.
const config = loadConfig();
const log = pino({ level: config.logLevel, serializers: { err: serializeError } });
const worker = await startWorker({ config, log });

// SIGTERM/SIGINT: stop taking jobs, let running ones finish within the grace period.
closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'closing after an error');
  else log.info({ signal }, 'shutting down');
  await worker.stop();
});
