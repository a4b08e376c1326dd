import { readFileSync } from 'node:fs';

/** User + system CPU a process has used so far, in milliseconds (Linux /proc; clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
