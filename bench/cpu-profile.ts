/**
 * `npx tsx bench/cpu-profile.ts <dir>`: where a console's CPU went, from the V8 profiles that
 * `BENCH_CPU_PROF=<dir> npm run bench` leaves: self time summed by package (node_modules) or by
 * the console's own file, largest first, with the share of all sampled time (idle excluded).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A frame's place: `next/dist/compiled/react-dom`, `zod`, `(console) .next/server/chunks/…`, `(native)`. */
export function frameOwner(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    if (name === 'next') return `next/${rest.slice(1, 4).join('/')}`;
    return name;
  }
  if (url.startsWith('node:')) return url;
  return `(console) ${path.basename(url)}`;
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx bench/cpu-profile.ts <dir with .cpuprofile files>');
  const totals = new Map<string, number>();
  let all = 0;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const owners = new Map(
      profile.nodes.map((node) => [node.id, frameOwner(node.callFrame.url, node.callFrame.functionName)]),
    );
    profile.samples.forEach((id, index) => {
      const owner = owners.get(id) ?? '(unknown)';
      if (owner === '(idle)' || owner === '(program)') return;
      const micros = profile.timeDeltas[index] ?? 0;
      totals.set(owner, (totals.get(owner) ?? 0) + micros);
      all += micros;
    });
  }
  console.log(`sampled CPU: ${Math.round(all / 1000)} ms (idle excluded)`);
  for (const [owner, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(
      `${String(Math.round(micros / 1000)).padStart(8)} ms  ${((micros / all) * 100).toFixed(1).padStart(5)} %  ${owner}`,
    );
  }
}

// Run as a script, not when a test imports frameOwner.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
