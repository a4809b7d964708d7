import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { Raster } from '../raster.ts';

/**
 * ESRGAN "slim" super-resolution (UpscalerJS's RDN model, MIT, weights inside
 * @upscalerjs/esrgan-slim) on TensorFlow.js with the WebAssembly backend. tfjs-node is not an
 * option (its install downloads libtensorflow); the wasm backend's binaries come from
 * node_modules by file path, never from a CDN. The model is loaded straight from the package's
 * files rather than through the `upscaler` wrapper, whose Node entry requires tfjs-node.
 */

export type EsrganScale = 2 | 4;

const require = createRequire(import.meta.url);
/** Pixels of context added around each tile and cut from the output: the convolutions' zero padding darkens borders. */
const pad = 8;

let backend: Promise<void> | undefined;
const models = new Map<EsrganScale, Promise<tf.LayersModel>>();

function ready(): Promise<void> {
  backend ??= (async () => {
    const wasmFile = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
    setWasmPaths(`${path.dirname(wasmFile)}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js wasm backend did not start');
    await tf.ready();
  })();
  return backend;
}

function packageRoot(): string {
  // The package's exports name no package.json; its CommonJS entry lives under dist/.
  const entry = require.resolve('@upscalerjs/esrgan-slim');
  return entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
}

function model(scale: EsrganScale): Promise<tf.LayersModel> {
  let loading = models.get(scale);
  if (!loading) {
    loading = (async () => {
      await ready();
      const dir = path.join(packageRoot(), 'models', `x${scale}`);
      const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8')) as {
        modelTopology: object;
        weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
      };
      const shards = json.weightsManifest.flatMap((group) => group.paths);
      const weights = Buffer.concat(await Promise.all(shards.map((shard) => readFile(path.join(dir, shard)))));
      return tf.loadLayersModel(
        tf.io.fromMemory({
          modelTopology: json.modelTopology,
          weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        }),
      );
    })();
    models.set(scale, loading);
  }
  return loading;
}

/** Input tiles of this side (the model's training patch size) bound the wasm heap whatever the picture's size. */
const tile = 128;

/** The picture `scale` times larger, through the network (input and output in 0–255). */
export async function esrganUpscale(image: Raster, scale: EsrganScale): Promise<Raster> {
  const network = await model(scale);
  const { width, height } = image;
  const outWidth = width * scale;
  const out = new Float32Array(outWidth * height * scale * 3);
  for (let top = 0; top < height; top += tile) {
    for (let left = 0; left < width; left += tile) {
      const tileWidth = Math.min(tile, width - left);
      const tileHeight = Math.min(tile, height - top);
      // Each tile sees `pad` pixels of its neighbours (mirrored at the picture's edges), so
      // seams and borders get the same context as the middle.
      const inWidth = tileWidth + 2 * pad;
      const inHeight = tileHeight + 2 * pad;
      const input = new Float32Array(inWidth * inHeight * 3);
      for (let y = 0; y < inHeight; y += 1) {
        const sy = mirror(top + y - pad, height);
        for (let x = 0; x < inWidth; x += 1) {
          const sx = mirror(left + x - pad, width);
          const from = (sy * width + sx) * 3;
          const to = (y * inWidth + x) * 3;
          input[to] = image.data[from]!;
          input[to + 1] = image.data[from + 1]!;
          input[to + 2] = image.data[from + 2]!;
        }
      }
      const result = tf.tidy(() => {
        const predicted = network.predict(tf.tensor4d(input, [1, inHeight, inWidth, 3])) as tf.Tensor4D;
        return predicted.slice([0, pad * scale, pad * scale, 0], [1, tileHeight * scale, tileWidth * scale, 3]);
      });
      const data = (await result.data()) as Float32Array;
      result.dispose();
      const rowValues = tileWidth * scale * 3;
      for (let y = 0; y < tileHeight * scale; y += 1) {
        out.set(data.subarray(y * rowValues, (y + 1) * rowValues), ((top * scale + y) * outWidth + left * scale) * 3);
      }
    }
  }
  return { data: out, width: outWidth, height: height * scale };
}

function mirror(i: number, n: number): number {
  if (n === 1) return 0;
  let j = i;
  while (j < 0 || j >= n) j = j < 0 ? -j : 2 * (n - 1) - j;
  return j;
}
