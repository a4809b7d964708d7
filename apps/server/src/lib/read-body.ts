/**
 * A provider's answer body, holding at most `limit` bytes of it: null as soon as it is larger
 * (the rest is never read: leaving the loop cancels the stream).
 */
export async function readBodyUpTo(response: Response, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
