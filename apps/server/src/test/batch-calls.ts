import type { BatchView } from '@lumigen/contract/batches';
import type { FastifyInstance } from 'fastify';
import { multipartBody, type Part } from './tool-calls.ts';

/** `POST /api/batches` with these parts (`tool`, the tool's fields, `image_file` repeated). */
export async function submitBatch(app: FastifyInstance, token: string, parts: Part[], url = '/api/batches') {
  const { payload, contentType } = await multipartBody(parts);
  return app.inject({ method: 'POST', url, headers: { token, 'content-type': contentType }, payload });
}

export async function getBatch(app: FastifyInstance, token: string, batchId: string): Promise<BatchView> {
  const response = await app.inject({ method: 'GET', url: `/api/batches/${batchId}`, headers: { token } });
  if (response.statusCode !== 200) throw new Error(`GET batch: ${response.statusCode} ${response.body}`);
  return response.json().batch as BatchView;
}

const finished = ['refused', 'succeeded', 'failed', 'canceled'];

/** Asks for the batch until every picture is over. */
export async function waitForBatch(
  app: FastifyInstance,
  token: string,
  batchId: string,
  timeoutMs = 60_000,
): Promise<BatchView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await getBatch(app, token, batchId);
    if (batch.items.every((item) => finished.includes(item.status))) return batch;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} is still running: ${JSON.stringify(batch.items)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
