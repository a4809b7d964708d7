import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

// /proc counts CPU time in clock ticks of 10 ms (USER_HZ is 100 on Linux).
const tickMs = 10;

/** User and system CPU time of a process (every thread), in ms (Linux). */
function processCpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * tickMs;
  } catch {
    return 0; // gone since it was listed
  }
}

/** Every PostgreSQL process on this machine (the server's backends and its helpers): CPU ms by pid. */
function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (command === 'postgres') byPid.set(Number(entry), processCpuMs(Number(entry)));
  }
  return byPid;
}

/** What PostgreSQL's processes spent since `before`: a process that ended in between is not counted. */
function postgresCpuSince(before: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of postgresCpuMs()) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

/** Every core's busy time so far, in ms: not idle, not waiting for I/O, not taken by the hypervisor (steal). */
function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq …: guest time is already inside user.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = ticks;
  return (user + nice + system + irq + softirq) * tickMs;
}

/**
 * Where a run's CPU went, per request: the server under test, PostgreSQL, this process (the load
 * generator), and everything else on the machine (a fake provider, the kernel's own threads).
 */
export type CpuSplit = {
  serverMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
  otherMs: number;
  boundPerSecond: number;
};

/**
 * Starts counting the CPU time of `serverPid`, of PostgreSQL (when `postgres`) and of this process;
 * `perRequest(n)` divides what each spent since by `n` requests, and says how many requests a
 * second this machine's cores could serve at that cost if nothing else ran.
 */
export function countCpu(serverPid: number, postgres: boolean) {
  const server = processCpuMs(serverPid);
  const database = postgres ? postgresCpuMs() : new Map<number, number>();
  const own = process.cpuUsage();
  const busy = machineBusyMs();
  return {
    perRequest(requests: number): CpuSplit {
      const { user, system } = process.cpuUsage(own);
      const split = {
        serverMs: (processCpuMs(serverPid) - server) / requests,
        postgresMs: postgres ? postgresCpuSince(database) / requests : 0,
        loadGeneratorMs: (user + system) / 1000 / requests,
      };
      const total = split.serverMs + split.postgresMs + split.loadGeneratorMs;
      const otherMs = Math.max(0, (machineBusyMs() - busy) / requests - total);
      return { ...split, otherMs, boundPerSecond: (os.availableParallelism() * 1000) / total };
    },
  };
}

/**
 * Prints, indented under a throughput row, "CPU a request: server 12.0 + PostgreSQL 5.5 + load
 * generator 2.0 ms (at most 102 req/s on 2 cores at that cost); other processes 0.4 ms", when the
 * row was measured with `cpuOf`.
 */
export function printCpuSplit({ cpu }: { cpu?: CpuSplit | undefined }): void {
  if (!cpu) return;
  const parts = [
    `server ${cpu.serverMs.toFixed(1)}`,
    ...(cpu.postgresMs ? [`PostgreSQL ${cpu.postgresMs.toFixed(1)}`] : []),
    `load generator ${cpu.loadGeneratorMs.toFixed(1)}`,
  ];
  console.log(
    `  CPU a request: ${parts.join(' + ')} ms (at most ${cpu.boundPerSecond.toFixed(0)} req/s on ${os.availableParallelism()} cores at that cost); other processes ${cpu.otherMs.toFixed(1)} ms`,
  );
}
