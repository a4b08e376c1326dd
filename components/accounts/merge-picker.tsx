import { Link } from '@/components/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { accountName } from '@/lib/accounts/merge-preview';
import { detailHref } from '@/lib/entities/hrefs';
import type { User } from '@/lib/upstream/contract';

export type MergeSideParam = 'source' | 'target';

/** The merge page's URL for a pair (either side may be open). */
export function mergeHref(pair: { source?: string | null; target?: string | null }): string {
  const params = new URLSearchParams();
  if (pair.source) params.set('source', pair.source);
  if (pair.target) params.set('target', pair.target);
  return `/users/merge?${params}`;
}

/**
 * Finds one side of a merge by e-mail, name or id: a GET form (the search is in the URL) and the
 * matches, each a link that picks it. The other side's choice rides along in a hidden field.
 */
export function MergePicker({
  side,
  other,
  query,
  results,
}: {
  side: MergeSideParam;
  other: { param: MergeSideParam; id: string | null };
  query: string;
  results: readonly User[] | null;
}) {
  const label = side === 'source' ? 'Find the account to fold (it stops existing)' : 'Find the account to keep';
  const inputId = `find-${side}`;
  return (
    <div className="space-y-3" data-testid={`pick-${side}`}>
      <form action="/users/merge" method="get" className="flex flex-wrap items-end gap-2">
        {other.id ? <input type="hidden" name={other.param} value={other.id} /> : null}
        <div className="space-y-1">
          <Label htmlFor={inputId}>{label}</Label>
          <Input
            id={inputId}
            name={side === 'source' ? 'sq' : 'tq'}
            defaultValue={query}
            placeholder="e-mail, name or id"
            className="w-80"
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {results === null ? null : results.length === 0 ? (
        <p className="text-sm text-muted-foreground">No account matches “{query}”.</p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {results.map((user) => {
            // A merged or deleted account is no longer there to merge: it is listed, marked, and not offered.
            const gone = user.merged_into ? 'already merged' : user.deleted_at ? 'deleted' : null;
            return (
              <li
                key={user.id}
                className="flex flex-wrap items-center justify-between gap-2 p-2"
                data-testid="merge-candidate"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <bdi>{accountName(user)}</bdi> <code className="text-xs text-muted-foreground">{user.id}</code>
                  {gone ? (
                    <Badge variant="outline" className="ml-2">
                      {gone}
                    </Badge>
                  ) : null}
                </span>
                {gone ? (
                  <span className="text-xs text-muted-foreground">
                    {user.merged_into ? (
                      <>
                        Merged into{' '}
                        <Link className="underline" href={detailHref('users', user.merged_into)}>
                          {user.merged_into}
                        </Link>
                        : cannot be merged again
                      </>
                    ) : (
                      'Deleted: cannot be merged'
                    )}
                  </span>
                ) : (
                  <Button asChild size="sm" variant="secondary">
                    <Link
                      href={mergeHref(
                        side === 'source'
                          ? { source: user.id, target: other.id }
                          : { source: other.id, target: user.id },
                      )}
                    >
                      {side === 'source' ? 'Fold this one' : 'Keep this one'}
                      <span className="sr-only"> ({user.email || user.id})</span>
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
