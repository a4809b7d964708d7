import pino from 'pino';
import { dimensionsOf } from '@lumigen/contract/generation';
import { loadConfig } from '../config.ts';
import type { GenerationProvider } from '../modules/generation/index.ts';
import { startWorker } from '../worker-process.ts';
import { picturePng } from './pictures.ts';

/**
 * A worker process for the fault tests (`npm run worker` with a stand-in painter): with
 * FAKE_GENERATION=block every generation hangs until the process is killed; with `instant` it
 * answers at once; with `slow`, after FAKE_GENERATION_MS. Prints `ready` once it takes jobs and
 * `generating` when a job reaches it.
 */
const blocks = process.env.FAKE_GENERATION === 'block';
const slowMs = process.env.FAKE_GENERATION === 'slow' ? Number(process.env.FAKE_GENERATION_MS ?? 1000) : 0;
const provider: GenerationProvider = {
  name: 'local',
  async generate({ size }) {
    process.stdout.write('generating\n');
    if (blocks) await new Promise(() => undefined);
    if (slowMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMs));
    const { width, height } = dimensionsOf(size);
    return { png: await picturePng(width, height, '#345'), width, height };
  },
};
const worker = await startWorker({
  config: loadConfig(),
  log: pino({ level: 'silent' }),
  generationProvider: provider,
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker.stop().then(() => process.exit(0));
});
