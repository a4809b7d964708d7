import { load, startTarget, type HttpFigures } from './http.ts';
import { resetPeak, rssMb } from './process-memory.ts';
import { benchPhoto, localBenchPhoto, noisyPhoto, photoBody } from './tool-fixture.ts';

/** remove-background through a zero-latency fake Clipdrop: the server's own cost per edit. */
export async function benchToolOverhead(
  kind: 'pglite' | 'postgres',
): Promise<HttpFigures & { uploadBytes: number; answerBytes: number; answerOnly: HttpFigures }> {
  process.env.BENCH_TOOLS_MODE = 'clipdrop';
  const { target, pid, stop } = await startTarget<{
    appPort: number;
    answerPort: number;
    tokens: string[];
    answerBytes: number;
  }>('tools-target.ts', kind);
  const cpuOf = { pid, postgres: kind === 'postgres' };
  try {
    const photo = await benchPhoto();
    const { body, contentType } = await photoBody(photo);
    const url = `http://127.0.0.1:${target.appPort}/api/image/tools/remove-background`;
    const figures = await load(`remove-background, instant fake Clipdrop (${kind})`, url, target.tokens, body, {
      contentType,
      cpuOf,
    });
    // The same upload and answer with nothing else, in the same run: the row's ceiling here.
    const answerOnly = await load(
      `the same upload and answer alone, no database (${kind} run)`,
      `http://127.0.0.1:${target.answerPort}/answer`,
      [],
      body,
      { contentType, cpuOf },
    );
    return { ...figures, uploadBytes: photo.length, answerBytes: target.answerBytes, answerOnly };
  } finally {
    await stop();
  }
}

/**
 * Peak RSS of the server while `parallel` uploads of ~`megabytes` MB each are edited at once,
 * `rounds` times (docs/architecture.md §5: 20 concurrent 10 MB uploads < 400 MB), through the instant fake
 * Clipdrop, so every upload is read, checked, decoded and sent on in full.
 */
export async function benchUploadMemory(kind: 'pglite' | 'postgres', parallel = 20, megabytes = 10, rounds = 3) {
  process.env.BENCH_TOOLS_MODE = 'clipdrop';
  // Its fake Clipdrop answers a picture of the uploads' size, so every edit is judged, stored and answered whole.
  const { target, pid, stop } = await startTarget<{ appPort: number; tokens: string[] }>('tools-target.ts', kind, {
    BENCH_TOOLS_ANSWER_MB: String(megabytes),
  });
  try {
    const photo = await noisyPhoto(megabytes);
    // Start-up (argon2 for the bench users, PGlite's initdb) set a peak of its own: forget it.
    await resetPeak(pid);
    const idleMb = await rssMb(pid, 'VmRSS');
    const { body, contentType } = await photoBody(photo);
    const statuses: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const responses = await Promise.all(
        Array.from({ length: parallel }, (_, i) =>
          fetch(`http://127.0.0.1:${target.appPort}/api/image/tools/remove-background`, {
            method: 'POST',
            headers: { token: target.tokens[i]!, 'content-type': contentType },
            body: body as Uint8Array<ArrayBuffer>,
          }),
        ),
      );
      for (const response of responses) {
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    }
    return {
      parallel,
      rounds,
      uploadBytes: photo.length,
      idleMb,
      peakMb: await rssMb(pid, 'VmHWM'),
      ok: statuses.filter((s) => s === 200).length,
      total: statuses.length,
    };
  } finally {
    await stop();
  }
}

export type HealthWhileEditing =
  | { tool: string; skipped: string }
  | {
      tool: string;
      parallel: number;
      edits: number;
      failed: number;
      seconds: number;
      health: HttpFigures;
      editMedianMs: number;
    };

/**
 * The JPEG with a comment segment naming `n` after its start marker: the same pixels, different
 * bytes. The local tools keep the last cut-outs per thread by the upload's hash (a user moving a
 * slider), so the same bytes every time would measure the cache, not the model.
 */
function jpegVariant(jpeg: Buffer, n: number): Buffer {
  const text = Buffer.from(`bench ${n}`);
  const segment = Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/** Tools the bench can run on the local pool, with the photo each is given. */
export type LocalBenchTool = 'remove-background' | 'remove-text';

/**
 * `/api/health` latency while `parallel` edits by `tool` run back to back on the real local pool
 * (docs/architecture.md §5: p99 < 50 ms with the heavy work on the pool). Skipped, and said so, when the
 * tool cannot run on this branch: no figures are made up.
 */
export async function benchHealthWhileEditing(
  kind: 'pglite' | 'postgres',
  tool: LocalBenchTool,
  parallel = 4,
): Promise<HealthWhileEditing> {
  process.env.BENCH_TOOLS_MODE = 'local';
  process.env.BENCH_LOCAL_TOOL = tool;
  const { target, stop } = await startTarget<{ appPort: number; tokens: string[]; localTools: string }>(
    'tools-target.ts',
    kind,
  );
  try {
    if (target.localTools !== 'ok') return { tool, skipped: `${tool} did not run here: ${target.localTools}` };
    const photo = await localBenchPhoto(tool);
    const origin = `http://127.0.0.1:${target.appPort}`;
    let running = true;
    let edits = 0;
    let failed = 0;
    const times: number[] = [];
    const lanes = Array.from({ length: parallel }, async (_, lane) => {
      while (running) {
        const form = new FormData();
        form.append(
          'image_file',
          new Blob([jpegVariant(photo, edits + failed + lane * 1e6) as Uint8Array<ArrayBuffer>], {
            type: 'image/jpeg',
          }),
          'photo.jpg',
        );
        const startedAt = performance.now();
        const response = await fetch(`${origin}/api/image/tools/${tool}`, {
          method: 'POST',
          headers: { token: target.tokens[lane]! },
          body: form,
        });
        await response.arrayBuffer();
        if (response.ok) {
          edits += 1;
          times.push(performance.now() - startedAt);
        } else failed += 1;
      }
    });
    // Let the first edits reach the pool before measuring.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const startedAt = performance.now();
    const health = await load(`/api/health while ${parallel} × ${tool} run (${kind})`, `${origin}/api/health`, [], '', {
      method: 'GET',
      connections: 4,
    });
    const seconds = (performance.now() - startedAt) / 1000;
    running = false;
    await Promise.all(lanes);
    times.sort((a, b) => a - b);
    return {
      tool,
      parallel,
      edits,
      failed,
      seconds: Math.round(seconds),
      health,
      editMedianMs: times[Math.floor(times.length / 2)] ?? Number.NaN,
    };
  } finally {
    await stop();
  }
}
