/**
 * A child process's output, line by line (stdout and stderr both), for the scripts that run
 * several children and prefix each line with its child's name (scripts/start.ts, scripts/test.ts).
 * A last line without a newline is given when the stream ends.
 */
import type { ChildProcess } from 'node:child_process';

export function onOutputLines(child: ChildProcess, handle: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) handle(line);
    });
    stream?.on('end', () => {
      if (buffered) handle(buffered);
      buffered = '';
    });
  }
}
