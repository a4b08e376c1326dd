import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onOutputLines } from '../../scripts/child-lines';

describe('onOutputLines', () => {
  it('gives each line of stdout and stderr once, split across chunks, and the last line without a newline', async () => {
    const script =
      "process.stdout.write('one\\ntw'); setTimeout(() => { process.stdout.write('o\\nthree'); process.stderr.write('err\\n'); }, 20);";
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    onOutputLines(child, (line) => lines.push(line));
    await once(child, 'close');
    expect(lines.sort()).toEqual(['err', 'one', 'three', 'two']);
  });
});
