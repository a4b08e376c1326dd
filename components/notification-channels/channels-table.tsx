import type { ConsoleColumn } from '@/lib/tables/columns';
import { ListTable } from '@/components/data-table/list-table';
import { RecordLink } from '@/components/data-table/cells/record-link';
import { Badge } from '@/components/ui/badge';
import type { ChannelSummary } from '@/lib/notifications/channels';
import { CHANNEL_KIND_LABELS, EVENT_KIND_LABELS } from '@/lib/notifications/kinds';
import { channelHref } from '@/lib/notifications/paths';
import { formatUtc } from '@/lib/time';

/** The last delivery in words: what happened to it and when. */
function lastDelivery(channel: ChannelSummary): string {
  const last = channel.lastDelivery;
  if (!last) return 'none yet';
  return `${last.status}${last.outcome ? ` (${last.outcome})` : ''}, ${formatUtc(last.at)}`;
}

const COLUMNS: ConsoleColumn<ChannelSummary>[] = [
  {
    id: 'name',
    header: 'Name',
    enableHiding: false,
    cell: ({ row: { original: row } }) => <RecordLink href={channelHref(row.id)}>{row.name}</RecordLink>,
  },
  { id: 'kind', header: 'Kind', cell: ({ row: { original: row } }) => CHANNEL_KIND_LABELS[row.kind] },
  {
    id: 'events',
    header: 'Events',
    cell: ({ row: { original: row } }) => row.events.map((kind) => EVENT_KIND_LABELS[kind]).join(', '),
    meta: { cellClassName: 'text-xs whitespace-normal' },
  },
  {
    id: 'enabled',
    header: 'Enabled',
    cell: ({ row: { original: row } }) => (
      <Badge variant={row.enabled ? 'secondary' : 'outline'}>{row.enabled ? 'enabled' : 'disabled'}</Badge>
    ),
  },
  {
    id: 'last',
    header: 'Last delivery',
    cell: ({ row: { original: row } }) => lastDelivery(row),
    meta: { cellClassName: 'text-xs whitespace-normal', cellMaxWidth: 'max-w-80' },
  },
];

/** Every notification channel: name, kind, events, enabled, last delivery; never a secret. */
export function ChannelsTable({ channels }: { channels: ChannelSummary[] }) {
  return (
    <ListTable
      columns={COLUMNS}
      rows={channels}
      getRowId={(row) => row.id}
      caption="Notification channels"
      testId="notification-channels-table"
      rowAttributes={(row) => ({ 'data-channel-id': row.id })}
      empty={<p>No channel yet: nothing is sent. Ops add one with “New channel”.</p>}
    />
  );
}
