import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { JobControls } from '@/components/jobs/job-controls';
import { AutoRefresh } from '@/components/triage/auto-refresh';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/select-native';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { roleAllows } from '@/lib/auth/roles';
import { requireAdminSession } from '@/lib/auth/session';
import { getConsoleDb } from '@/lib/db';
import { getJob, listJobItems } from '@/lib/jobs';
import { JOB_ACTION_LABELS } from '@/lib/jobs/operations';
import { ITEM_STATUSES, type ItemStatus } from '@/lib/jobs/types';
import type { SearchParams } from '@/lib/search-params';

export const metadata: Metadata = { title: 'Bulk job' };

const ITEMS_PER_PAGE = 100;
const itemFilterSchema = z.enum(ITEM_STATUSES).optional().catch(undefined);

function formatEta(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 90) return `${Math.ceil(seconds)} s`;
  return `${Math.ceil(seconds / 60)} min`;
}

export default async function JobPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { operator } = await requireAdminSession();
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const query = await searchParams;
  const itemStatus: ItemStatus | undefined = itemFilterSchema.parse(query.items);
  const db = await getConsoleDb();
  const [job, items] = await Promise.all([getJob(db, id), listJobItems(db, id, { status: itemStatus, limit: ITEMS_PER_PAGE })]);
  if (!job) notFound();
  const running = job.status === 'queued' || job.status === 'running' || job.status === 'cancelling';
  const paused = query.paused === '1';
  const jobHref = (pause: boolean) => `/jobs/${job.id}?${new URLSearchParams({ ...(itemStatus ? { items: itemStatus } : {}), ...(pause ? { paused: '1' } : {}) })}`.replace(/\?$/, '');
  const isOps = roleAllows(operator.role, 'ops');
  const percent = Math.round(job.progress * 100);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="space-y-1">
          <nav className="text-sm text-muted-foreground"><Link href="/jobs" className="hover:underline">Bulk jobs</Link> / <code>{job.id}</code></nav>
          <h1 className="text-2xl font-semibold tracking-tight">
            {JOB_ACTION_LABELS[job.action]}{job.params.status ? ` → ${job.params.status}` : ''} on {job.total.toLocaleString('en-US')} messages
          </h1>
          <p className="text-sm text-muted-foreground">
            By {job.createdBy.email} ({job.createdBy.role}) · <Badge variant="secondary" data-testid="job-status">{job.status}</Badge>
            {job.revertsJobId ? <> · reverts <Link className="underline" href={`/jobs/${job.revertsJobId}`}>{job.revertsJobId.slice(0, 8)}</Link></> : null}
          </p>
        </div>
        <AutoRefresh seconds={running && !paused ? 2 : 0} renderedAt={new Date().toISOString()} pauseHref={jobHref(true)} resumeHref={jobHref(false)} />
      </div>

      <Card>
        <CardHeader><CardTitle className="text-base">Progress</CardTitle></CardHeader>
        <CardContent className="space-y-3">
          <div role="progressbar" aria-label="Job progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-3 w-full overflow-hidden rounded bg-muted">
            <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:grid-cols-8" data-testid="job-counts">
            {([
              ['Done', `${job.counts.done} / ${job.counts.total}`],
              ['OK', job.counts.ok],
              ['Failed', job.counts.failed],
              ['Skipped', job.counts.skipped],
              ['Unknown: check before retrying', job.counts.unknown],
              ['Pending', job.counts.pending],
              ['In flight', job.counts.inFlight],
              ['Rate', `${job.rate.itemsPerSecond.toFixed(1)}/s`],
              ['ETA', formatEta(job.etaSeconds)],
            ] as const).map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="tabular-nums" data-testid={`job-count-${label.toLowerCase().replace(' ', '-')}`}>{value}</dd>
              </div>
            ))}
          </dl>
          {isOps ? (
            <JobControls jobId={job.id} canCancel={['planned', 'queued', 'running'].includes(job.status)} failed={running ? 0 : job.counts.failed} revertibleItems={job.revertibleItems} />
          ) : null}
        </CardContent>
      </Card>

      <section aria-labelledby="items-heading" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="items-heading" className="text-lg font-semibold">Items</h2>
          <form method="get" className="flex items-end gap-2" aria-label="Item filter">
            <NativeSelect name="items" defaultValue={itemStatus ?? ''} aria-label="Item status">
              <option value="">all</option>
              {ITEM_STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
            </NativeSelect>
            <Button type="submit" size="sm" variant="outline">Show</Button>
          </form>
        </div>
        <p className="text-sm text-muted-foreground">{items.total} items{itemStatus ? ` ${itemStatus}` : ''}{items.total > items.rows.length ? `, the first ${items.rows.length} shown` : ''}.</p>
        <Table data-testid="job-items">
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>Message</TableHead>
              <TableHead>Outcome</TableHead>
              <TableHead>Status before → after</TableHead>
              <TableHead>Sends</TableHead>
              <TableHead>Reason</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.rows.map((item) => (
              <TableRow key={item.seq} data-testid="job-item" data-item-status={item.status}>
                <TableCell className="tabular-nums">{item.seq + 1}</TableCell>
                <TableCell className="font-mono text-xs"><Link className="underline" href={`/messages/${encodeURIComponent(item.itemId)}`}>{item.itemId}</Link></TableCell>
                <TableCell><Badge variant={item.status === 'ok' ? 'success' : item.status === 'failed' ? 'destructive' : 'secondary'}>{item.status}</Badge></TableCell>
                <TableCell className="font-mono text-xs">{item.statusBefore ?? '—'} → {item.statusAfter ?? '—'}</TableCell>
                <TableCell className="tabular-nums">{item.sends}</TableCell>
                <TableCell className="max-w-96 break-words text-xs">
                  {item.error ?? ''}
                  {item.upstreamRequestId ? <span className="block text-muted-foreground">request {item.upstreamRequestId}</span> : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}
