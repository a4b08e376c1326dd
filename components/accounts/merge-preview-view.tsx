import { Link } from '@/components/link';
import { ArrowLeftRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { accountName, type MergePreview, type MergeSide } from '@/lib/accounts/merge-preview';
import { FootprintTable } from './footprint-table';
import { mergeHref } from './merge-picker';
import { Panel } from './panels';

function SideCard({ title, side, testId }: { title: string; side: MergeSide; testId: string }) {
  const { user, plan } = side;
  return (
    <Panel title={title} testId={testId}>
      <dl className="grid grid-cols-[7rem_1fr] gap-y-2 text-sm">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="[overflow-wrap:anywhere]">
          <Link href={`/users/${encodeURIComponent(user.id)}`} className="text-primary underline underline-offset-2">
            <bdi>{accountName(user)}</bdi>
          </Link>
        </dd>
        <dt className="text-muted-foreground">Id</dt>
        <dd>
          <code className="select-all">{user.id}</code>
        </dd>
        <dt className="text-muted-foreground">Verified</dt>
        <dd>
          <Badge variant={user.verified ? 'success' : 'warning'}>{user.verified ? 'verified' : 'not verified'}</Badge>
        </dd>
        <dt className="text-muted-foreground">Plan</dt>
        <dd>{plan ? `${plan.plan} (${plan.status})` : '—'}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{user.created_at.slice(0, 10)}</dd>
      </dl>
    </Panel>
  );
}

/** Both accounts side by side, the direction in words, the swap, and the holdings before and expected after. */
export function MergePreviewView({ preview }: { preview: MergePreview }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-base font-medium" data-testid="merge-direction">
          {preview.direction}
        </p>
        <Button asChild variant="outline" size="sm">
          <Link href={mergeHref({ source: preview.target.user.id, target: preview.source.user.id })}>
            <ArrowLeftRight className="size-4" aria-hidden /> Swap: keep the other one
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SideCard title="Folded (stops existing)" side={preview.source} testId="merge-source" />
        <SideCard title="Kept" side={preview.target} testId="merge-target" />
      </div>
      <Panel title="What moves">
        <FootprintTable
          caption="Holdings of both accounts now, and of the kept one after the merge"
          columns={[
            { label: 'Folded, now', footprint: preview.source.footprint, testId: 'preview-source' },
            { label: 'Kept, now', footprint: preview.target.footprint, testId: 'preview-target' },
            { label: 'Kept, after (expected)', footprint: preview.expected, testId: 'preview-expected' },
          ]}
        />
      </Panel>
    </div>
  );
}
