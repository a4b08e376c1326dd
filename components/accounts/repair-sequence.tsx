'use client';

import { Link } from '@/components/link';
import { useState, useTransition } from 'react';
import { breakGlassRepairSequenceNumbers, repairSequenceNumbersFromPage } from '@/app/(console)/_actions/structure';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { RequestApproval } from '@/components/approvals/request-approval';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RefusalNote } from '@/components/refusal-note';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { ApprovalGate } from '@/lib/approvals/gate';
import type { ActionPermission } from '@/lib/auth/roles';
import type { RepairSequenceReport } from '@/lib/upstream/contract/accounts';

/**
 * Runs the service-wide repair after a confirmation, then shows the service's report; under the
 * four-eyes policy (`approval` set) the operator requests approval instead.
 */
export function RepairSequence({
  permission,
  approval,
}: {
  permission: ActionPermission;
  approval: ApprovalGate | null;
}) {
  const allowed = permission.allowed;
  const [open, setOpen] = useState(false);
  const [report, setReport] = useState<RepairSequenceReport | null>(null);
  const [pending, startTransition] = useTransition();
  const run = () =>
    startTransition(async () => {
      const result = await callAction(() => repairSequenceNumbersFromPage({ confirm: true }));
      announceActionResult(result, 'Sequence numbers repaired');
      if (result.ok) setReport(result.data);
      setOpen(false);
    });
  return (
    <div className="space-y-4">
      {approval ? (
        <RequestApproval
          action="channel.repair_sequence_numbers"
          params={{ confirm: true }}
          breakGlass={(reason) => breakGlassRepairSequenceNumbers({ confirm: true }, reason)}
          gate={approval}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="destructive"
            disabled={!allowed || pending}
            aria-describedby={allowed ? undefined : 'repair-refused'}
            onClick={() => setOpen(true)}
          >
            Repair sequence numbers…
          </Button>
          <RefusalNote id="repair-refused" permission={permission} className="basis-auto" />
        </div>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        pending={pending}
        title="Repair every channel's sequence numbers?"
        description={
          <>
            The service renumbers the messages of every channel 1, 2, 3… in their current order, closing gaps and
            resolving duplicates. Clients that cached numbers will see new ones. The console cannot undo this.
          </>
        }
        confirmLabel="Repair"
        pendingLabel="Repairing…"
        destructive
        onConfirm={run}
      />
      {report ? (
        <section aria-labelledby="repair-report-heading" className="space-y-2" data-testid="repair-report">
          <h2 id="repair-report-heading" className="text-base font-semibold">
            The service&apos;s report
          </h2>
          <p className="text-sm">
            Checked <strong data-testid="repair-checked">{report.channels_checked.toLocaleString('en-US')}</strong>{' '}
            channels, repaired{' '}
            <strong data-testid="repair-repaired">{report.channels_repaired.toLocaleString('en-US')}</strong>,
            renumbered{' '}
            <strong data-testid="repair-renumbered">{report.messages_renumbered.toLocaleString('en-US')}</strong>{' '}
            messages. The audit log keeps this report.
          </p>
          {report.changes.length > 0 ? (
            <Table>
              <caption className="sr-only">Channels the repair changed</caption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Channel</TableHead>
                  <TableHead scope="col" align="right">
                    Gaps
                  </TableHead>
                  <TableHead scope="col" align="right">
                    Duplicates
                  </TableHead>
                  <TableHead scope="col" align="right">
                    Renumbered
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.changes.map((change) => (
                  <TableRow key={change.channel_guid} data-row-id={change.channel_guid}>
                    <TableCell>
                      <Link
                        href={`/channels/${encodeURIComponent(change.channel_guid)}`}
                        className="text-primary underline underline-offset-2"
                      >
                        {change.channel_guid}
                      </Link>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{change.gaps}</TableCell>
                    <TableCell className="text-right tabular-nums">{change.duplicates}</TableCell>
                    <TableCell className="text-right tabular-nums">{change.renumbered}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <p className="text-sm text-muted-foreground">No channel needed a change.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
