import { AffectedWorkspaceLink } from '@/components/triage/affected-workspace-link';
import { detailHref } from '@/lib/entities/hrefs';
import type { NameRecord } from '@/lib/entities/types';
import type { AffectedWorkspaces } from '@/lib/incidents/types';
import { formatUtc } from '@/lib/time';

/** The most affected workspaces at one time, most first, each a link to its page, by name where one was read. */
export function AffectedWorkspacesList({
  affected,
  testId,
  missing,
  names,
}: {
  affected: AffectedWorkspaces | null;
  testId: string;
  missing: string;
  names: NameRecord;
}) {
  if (!affected) return <p className="text-sm text-muted-foreground">{missing}</p>;
  return (
    <div className="space-y-2 text-sm" data-testid={testId}>
      <p className="text-xs text-muted-foreground">
        {formatUtc(affected.at)}: {affected.total.toLocaleString('en-US')} stuck
        {affected.examined < affected.total ? `, the oldest ${affected.examined.toLocaleString('en-US')} examined` : ''}
        .
      </p>
      {affected.workspaces.length === 0 ? (
        <p>Nothing stuck in the scope.</p>
      ) : (
        <ol className="space-y-1">
          {affected.workspaces.map((entry) => (
            <li key={entry.workspaceGuid} className="flex justify-between gap-2">
              {entry.workspaceGuid === '(none)' ? (
                <span className="text-muted-foreground">no workspace</span>
              ) : (
                <AffectedWorkspaceLink
                  guid={entry.workspaceGuid}
                  name={names[detailHref('workspaces', entry.workspaceGuid)]}
                  href={detailHref('workspaces', entry.workspaceGuid)}
                />
              )}
              <span className="tabular-nums">{entry.count.toLocaleString('en-US')}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
