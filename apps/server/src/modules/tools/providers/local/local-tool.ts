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

/**
 * Thrown by a local tool when the picture is one it cannot work with (no subject to cut out, no
 * text to remove, a mask that marks nothing): the user's to change, answered as a refunded 422
 * with `message` as the reason, as Clipdrop's own 400/422 are. Its message is shown to the user:
 * short, plain, lower case. Any other error is ours (a refunded 502).
 *
 * An error's class does not survive the worker thread's boundary, so it is recognised by `code`
 * (`isInputRejected`), and the worker hands it back as a plain `{ rejected }` result.
 */
export class InputRejected extends Error {
  readonly code = 'input_rejected';

  constructor(reason: string) {
    super(reason);
    this.name = 'InputRejected';
  }
}

export const isInputRejected = (error: unknown): error is InputRejected => (error as { code?: unknown } | undefined)?.code === 'input_rejected';
