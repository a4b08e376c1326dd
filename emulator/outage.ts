/**
 * A whole-service outage for tests: the emulator stops listening (every connection is closed, new
 * ones are refused, as when the service's process is down) and listens again on the same address
 * after `ms`. The data, tokens and sessions stay: like a real service coming back from a restart,
 * clients signed in before the outage are still signed in after it.
 */
import type { Server } from 'node:http';
import { z } from 'zod';

export const outageInputSchema = z.object({ ms: z.number().int().min(100).max(120_000) });

export interface Outage {
  /** Starts an outage once the current response has been sent; the end time, epoch ms. */
  begin(ms: number, afterResponse: Promise<void>): number;
  readonly down: boolean;
  /** For stopping the emulator: no listening again. */
  cancel(): void;
}

export function createOutage(server: Server, port: () => number, host: string): Outage {
  let down = false;
  let cancelled = false;
  let timer: NodeJS.Timeout | undefined;
  return {
    get down() {
      return down;
    },
    begin(ms, afterResponse) {
      const until = Date.now() + ms;
      if (down) return until;
      down = true;
      void afterResponse.then(() => {
        server.close();
        server.closeAllConnections();
        if (cancelled) return;
        timer = setTimeout(
          () => {
            server.listen(port(), host, () => {
              down = false;
            });
          },
          Math.max(0, until - Date.now()),
        );
      });
      return until;
    },
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}
