/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/ once, at
 * build time, at the highest levels; the server sends the copy the browser accepts
 * (docs/decisions/010). Pictures and fonts are compressed formats already and are left alone.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const compressible = new Set(['.js', '.css', '.html', '.svg', '.txt', '.json', '.xml', '.webmanifest']);
// Below this, the headers cost about what compression saves.
const minBytes = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true })) {
  const file = path.join(dist, entry);
  if (!compressible.has(path.extname(file)) || !(await stat(file)).isFile()) continue;
  const body = await readFile(file);
  if (body.length < minBytes) continue;
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is not worth sending.
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
  files += 1;
  before += body.length;
  after += Math.min(br.length, body.length);
}
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} kB, ${(after / 1024).toFixed(0)} kB with Brotli`);
