import { readFile, writeFile } from 'node:fs/promises';
import protos from 'onnx-proto';
import { describe, expect, it, vi } from 'vitest';
import { readModel, segmentationSession, widenedModelFile, widenToFloat32 } from './model.ts';

const { onnx } = protos;
const { FLOAT, FLOAT16 } = onnx.TensorProto.DataType;

/** The graph of an encoded model (decoded classes give every repeated field, possibly empty). */
const graphOf = (model: Uint8Array) => onnx.GraphProto.fromObject(onnx.ModelProto.decode(model).graph ?? {});

/** A one-tensor model: `weights` stored as fp16 bit patterns, and a Cast of the input to fp16. */
function tinyHalfModel(bits: number[]): Uint8Array {
  const raw = new Uint8Array(Uint16Array.from(bits).buffer);
  return onnx.ModelProto.encode({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 15 }],
    graph: {
      name: 'tiny',
      initializer: [{ name: 'weights', dims: [bits.length], dataType: FLOAT16, rawData: raw }],
      node: [
        {
          opType: 'Cast',
          input: ['x'],
          output: ['y'],
          attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT16 }],
        },
      ],
      input: [{ name: 'x', type: { tensorType: { elemType: FLOAT, shape: { dim: [{ dimValue: 1 }] } } } }],
      output: [{ name: 'y', type: { tensorType: { elemType: FLOAT16, shape: { dim: [{ dimValue: 1 }] } } } }],
    },
  }).finish();
}

describe('widenToFloat32', () => {
  it('turns every fp16 value into the same float32 value, and fp16 casts and types into fp32 ones', () => {
    // 1, −2, the smallest subnormal, the largest finite, +∞, 0.333251953125 (fp16's nearest third)
    const widened = graphOf(widenToFloat32(tinyHalfModel([0x3c00, 0xc000, 0x0001, 0x7bff, 0x7c00, 0x3555])));
    const weights = widened.initializer[0]!;
    expect(weights.dataType).toBe(FLOAT);
    const raw = Uint8Array.from(weights.rawData ?? []);
    expect([...new Float32Array(raw.buffer)]).toEqual([1, -2, 2 ** -24, 65504, Infinity, 0.333251953125]);
    expect(Number(widened.node[0]?.attribute?.[0]?.i)).toBe(FLOAT);
    expect(widened.output[0]!.type?.tensorType?.elemType).toBe(FLOAT);
  });

  it('leaves no fp16 in the segmentation model and keeps its graph', async () => {
    const original = graphOf(await readModel());
    const widened = graphOf(widenToFloat32(await readModel()));
    expect(original.initializer.some((tensor) => tensor.dataType === FLOAT16)).toBe(true);
    expect(widened.initializer.filter((tensor) => tensor.dataType !== FLOAT)).toEqual([]);
    expect(widened.node.map((node) => node.opType)).toEqual(original.node.map((node) => node.opType));
    const casts = widened.node
      .filter((node) => node.opType === 'Cast')
      .map((node) => Number(node.attribute?.find((a) => a.name === 'to')?.i));
    expect(casts.filter((to) => to !== FLOAT)).toEqual([]);
  }, 60_000);
});

describe('widenToFloat32 keeping only the final map', () => {
  it("drops the side outputs and the nodes only they need, and keeps the final map's", async () => {
    const full = graphOf(widenToFloat32(await readModel()));
    const pruned = graphOf(widenToFloat32(await readModel(), ['output']));
    expect(full.output.length).toBe(12);
    expect(pruned.output.map((output) => output.name)).toEqual(['output']);
    expect(pruned.node.filter((node) => node.opType === 'Sigmoid').length).toBe(1);
    expect(pruned.node.length).toBeLessThan(full.node.length);
    // Every input of every kept node is still made by a kept node, a weight or the graph input.
    const made = new Set([
      ...pruned.node.flatMap((node) => node.output),
      ...pruned.initializer.map((tensor) => tensor.name),
      'input',
      '',
    ]);
    expect(pruned.node.flatMap((node) => node.input).filter((name) => !made.has(name))).toEqual([]);
  }, 60_000);
});

describe('segmentationSession', () => {
  it('runs the widened model, kept in node_modules/.cache for the next thread or process', async () => {
    const session = await segmentationSession();
    expect(session.inputNames).toContain('input');
    const kept = graphOf(await readFile(await widenedModelFile('medium')));
    expect(kept.initializer.filter((tensor) => tensor.dataType !== FLOAT)).toEqual([]);
  }, 120_000);

  it('replaces a damaged kept file instead of failing every load', async () => {
    vi.resetModules();
    const file = await widenedModelFile('medium');
    await writeFile(file, 'not a model');
    const fresh = (await import('./model.ts')) as typeof import('./model.ts');
    const session = await fresh.segmentationSession();
    expect(session.outputNames).toContain('output');
    // Removed after the failed load, so the next thread that starts writes it again. (Other test
    // files may load the model meanwhile: only the renamed, whole file is checked.)
    vi.resetModules();
    await ((await import('./model.ts')) as typeof import('./model.ts')).segmentationSession();
    expect(graphOf(await readFile(file)).initializer.length).toBeGreaterThan(0);
  }, 180_000);
});
