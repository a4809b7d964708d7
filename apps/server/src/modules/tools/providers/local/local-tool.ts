/**
 * The contract between the tools module and each local (on-this-machine) tool. A local tool is a
 * pure function of its input, safe to run inside a worker thread: no database, no request, no
 * logger; it reads bytes and returns PNG bytes.
 */
export type LocalToolInput = {
  /** The upload (PNG, JPEG or WebP), already sniffed, decoded once and within the tool's limits. */
  image: Buffer;
  /** cleanup only: exactly the image's size; white (or opaque) where pixels must disappear. */
  mask?: Buffer;
  /** The tool's fields, validated against the contract (numbers for sliders, `prompt` text). */
  params: Record<string, number | string>;
};

export type LocalToolOutput = { png: Buffer; width: number; height: number };

export type LocalTool = (input: LocalToolInput) => Promise<LocalToolOutput>;
