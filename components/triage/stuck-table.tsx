'use client';

import Link from 'next/link';
import { useState } from 'react';
import { BulkRemediationDialog } from '@/components/jobs/bulk-remediation-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { JobSelection } from '@/lib/jobs/types';
import { formatAge, missingArtifacts } from '@/lib/triage/stuck';
import type { Message } from '@/lib/upstream/contract';

interface StuckTableProps {
  rows: Message[];
  now: number;
  /** Every message of the current group, not only this page. */
  total: number;
  /** What "all matching" means for this view. */
  selection: JobSelection;
  canRemediate: boolean;
}

/** The stuck messages of one view, oldest first, with row selection and bulk remediation. */
export function StuckTable({ rows, now, total, selection, canRemediate }: StuckTableProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<JobSelection | null>(null);
  // Only rows on screen count: a selection made in another group or page, or of messages that
  // recovered since the last refresh, must not be remediated unseen.
  const selectedShown = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const allOnPage = rows.length > 0 && selectedShown.length === rows.length;
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-2">
      {canRemediate ? (
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Bulk remediation">
          <Button size="sm" variant="outline" disabled={selectedShown.length === 0} onClick={() => setDialog({ kind: 'ids', ids: selectedShown })}>
            Remediate selected ({selectedShown.length})
          </Button>
          <Button size="sm" onClick={() => setDialog(selection)}>
            Remediate all {total.toLocaleString('en-US')} matching
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Bulk remediation needs the ops role.</p>
      )}
      <Table data-testid="stuck-table">
        <TableHeader>
          <TableRow>
            {canRemediate ? (
              <TableHead className="w-8">
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  checked={allOnPage}
                  onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((row) => row.id)))}
                />
              </TableHead>
            ) : null}
            <TableHead>Message</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Not updated for</TableHead>
            <TableHead>Workspace</TableHead>
            <TableHead>Channel</TableHead>
            <TableHead>Creator</TableHead>
            <TableHead>Missing</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((message) => (
            <TableRow key={message.id} data-testid="stuck-row" data-message-id={message.id}>
              {canRemediate ? (
                <TableCell>
                  <input type="checkbox" aria-label={`Select ${message.id}`} checked={selected.has(message.id)} onChange={() => toggle(message.id)} />
                </TableCell>
              ) : null}
              <TableCell className="font-mono text-xs">
                <Link className="underline" href={`/messages/${encodeURIComponent(message.id)}`}>{message.id}</Link>
              </TableCell>
              <TableCell><Badge variant="warning">{message.status}</Badge></TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{message.last_updated_at === undefined ? 'unknown' : formatAge(now - message.last_updated_at)}</TableCell>
              <TableCell className="font-mono text-xs">
                {message.workspace_guid ? <Link className="underline" href={`/workspaces/${encodeURIComponent(message.workspace_guid)}`}>{message.workspace_guid}</Link> : '—'}
              </TableCell>
              <TableCell className="font-mono text-xs">
                {message.channel_guids?.[0] ? <Link className="underline" href={`/channels/${encodeURIComponent(message.channel_guids[0])}`}>{message.channel_guids[0]}</Link> : '—'}
              </TableCell>
              <TableCell className="font-mono text-xs">
                {message.creator_guid ? <Link className="underline" href={`/users/${encodeURIComponent(message.creator_guid)}`}>{message.creator_guid}</Link> : '—'}
              </TableCell>
              <TableCell className="text-xs">{missingArtifacts(message).join(', ') || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {dialog ? <BulkRemediationDialog selection={dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
