/** A rule's condition and target in words, for its pages and the notifications it records. */
import { describeScope, type ScopeNamer } from '@/lib/incidents/types';
import type { WatchCondition, WatchTarget } from './types';

const plural = (count: number, one: string) => `${count.toLocaleString('en-US')} ${one}${count === 1 ? '' : 's'}`;

/** "above 5 for 1 minute", "rises by more than 50% against the same hour yesterday", "any row at all". */
export function describeCondition(condition: WatchCondition): string {
  switch (condition.kind) {
    case 'above':
      return `above ${condition.count.toLocaleString('en-US')}${condition.forMinutes > 0 ? ` for ${plural(condition.forMinutes, 'minute')}` : ''}`;
    case 'rise':
      return `rises by more than ${condition.percent}% against the same hour yesterday`;
    case 'any':
      return 'any row at all';
  }
}

/** "back to 3 or below", said where a firing rule shows what resolves it. */
export function describeRecovery(condition: WatchCondition, margin: number): string {
  switch (condition.kind) {
    case 'above':
      return `resolves at ${(condition.count - margin).toLocaleString('en-US')} or below`;
    case 'rise':
      return `resolves when the rise is ${condition.percent - margin}% or less`;
    case 'any':
      return 'resolves when there are none';
  }
}

/**
 * `viewName`: the watched view's name, null when it was deleted (ignored for a stuck target);
 * `nameOf`: how a stuck target's workspaces and channels are said (their ids by default).
 */
export function describeTarget(target: WatchTarget, viewName: string | null = null, nameOf?: ScopeNamer): string {
  if (target.kind === 'view') return viewName ? `the saved view “${viewName}”` : 'a saved view that was deleted';
  return `stuck messages in ${describeScope(target.scope, nameOf)}`;
}
