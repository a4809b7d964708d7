/**
 * `npx tsx bench/accept-burst.ts`: how long a burst of new connections waits to be accepted by a
 * Node server whose event loop is busy (decision 036). A child process listens and keeps every
 * turn of its event loop busy for `BUSY_MS`; this process opens `CONNECTIONS` connections at once
 * and prints, for each, when the server accepted it. Since libuv 1.45 (Node 20) a listening socket
 * accepts one connection per turn of the loop, so the last of a burst waits about
 * CONNECTIONS × BUSY_MS however idle the machine is.
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const connections = Number(process.env.CONNECTIONS ?? 40);
const busyMs = Number(process.env.BUSY_MS ?? 20);

if (process.argv[2] === 'server') {
  // Each connection is told when it was accepted (epoch ms) and closed.
  const server = net.createServer((socket) => socket.end(`${Date.now()}\n`));
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as net.AddressInfo).port));
  const turn = () => {
    const until = Date.now() + busyMs;
    while (Date.now() < until);
    setImmediate(turn);
  };
  setTimeout(turn, 50);
} else {
  const child = fork(import.meta.filename, ['server'], { execArgv: process.execArgv });
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  await sleep(200);
  const openedAt = Date.now();
  const waits = await Promise.all(
    Array.from(
      { length: connections },
      () =>
        new Promise<number>((resolve, reject) => {
          let answer = '';
          net
            .connect(port, '127.0.0.1')
            .on('data', (chunk) => (answer += chunk))
            .on('end', () => resolve(Number(answer) - openedAt))
            .on('error', reject);
        }),
    ),
  );
  child.kill();
  waits.sort((a, b) => a - b);
  console.log(
    `Node ${process.version}: ${connections} connections opened at once against an event loop busy ${busyMs} ms a turn`,
  );
  console.log(`accepted after (ms): ${waits.join(' ')}`);
  console.log(
    `first ${waits[0]} ms, median ${waits[Math.floor(waits.length / 2)]} ms, last ${waits.at(-1)} ms (${connections} × ${busyMs} ms = ${connections * busyMs} ms)`,
  );
}
