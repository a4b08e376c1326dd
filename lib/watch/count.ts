/** What a rule counts, read from the service: the one place the evaluator turns a target into a number. */
import { scopedStuckFilter } from '@/lib/incidents/scope-read';
import type { UpstreamClient } from '@/lib/upstream/client';
import { countRecords } from '@/lib/upstream/ra';
import type { WatchTarget } from './types';

export interface CountContext {
  client: UpstreamClient;
  /** The console's stuck threshold, minutes, for a scope that sets none. */
  defaultThreshold: number;
  now: number;
}

export async function countTarget(target: WatchTarget, context: CountContext): Promise<number> {
  return countRecords(
    context.client,
    'messages',
    scopedStuckFilter(target.scope, context.defaultThreshold, context.now),
  );
}
