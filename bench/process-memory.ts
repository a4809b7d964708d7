import { readFile, writeFile } from 'node:fs/promises';

/** A process's resident memory now (`VmRSS`) or its peak since the last reset (`VmHWM`), in MB (Linux). */
export async function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Forgets a process's peak so far (start-up, argon2 for set-up users), so VmHWM counts from now. */
export async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}
