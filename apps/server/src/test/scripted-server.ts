import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Script<Answer, Recorded> = {
  /** The next scripted answer: answers are taken in order, the last one repeats. */
  next(): Answer | undefined;
  record(request: Recorded): void;
};

export type Handler<Answer, Recorded> = (
  request: IncomingMessage,
  body: Buffer,
  response: ServerResponse,
  script: Script<Answer, Recorded>,
) => Promise<unknown>;

/**
 * A local HTTP server that answers from a script and records what it was asked: the base of the
 * stand-ins for third-party APIs (docs/architecture.md §1: adapters are tested against the provider's
 * documented contract, never the internet).
 */
export async function startScriptedServer<Answer, Recorded>(handle: Handler<Answer, Recorded>, initial: Answer[] = []) {
  const requests: Recorded[] = [];
  let script = initial;
  const server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      await handle(request, Buffer.concat(chunks), response, {
        next: () => (script.length > 1 ? script.shift() : script[0]),
        record: (recorded) => requests.push(recorded),
      });
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    /** Sets the answers for the next requests and forgets earlier requests. */
    answer(...answers: Answer[]) {
      script = answers;
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Waits `ms` before a scripted answer (a slow provider); false when the client has gone meanwhile. */
export async function delayAnswer(response: ServerResponse, ms: number | undefined): Promise<boolean> {
  if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
  return !response.destroyed;
}

/** Drops the connection with a TCP reset, as a crashed provider or a middlebox does mid-call. */
export function resetConnection(response: ServerResponse): void {
  response.socket?.resetAndDestroy();
}
