import { Link } from '@/components/link';
import { FilterBar } from '@/components/data-table/filters/filter-bar';
import { ParamIssues } from '@/components/param-issues';
import { Button } from '@/components/ui/button';
import type { DeliveryAttemptRow } from '@/lib/notifications/deliveries';
import type { DeliveriesParams } from '@/lib/notifications/search-params';
import { DELIVERIES_TABLE, DeliveriesTable } from './deliveries-table';

interface DeliveriesSectionProps {
  headingId: string;
  heading: string;
  /** The page the filter bar submits to and "Clear" goes back to. */
  href: string;
  params: DeliveriesParams;
  deliveries: { rows: DeliveryAttemptRow[]; total: number };
  /** What the empty table says when no filter is set. */
  nothingSent: string;
}

/** The deliveries table with its filter bar, as the channels list and a channel's page show it. */
export function DeliveriesSection({
  headingId,
  heading,
  href,
  params,
  deliveries,
  nothingSent,
}: DeliveriesSectionProps) {
  const { result, page, table, issues } = params;
  return (
    <section className="space-y-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      <ParamIssues issues={issues} />
      <FilterBar
        action={href}
        label="Delivery filters"
        filters={DELIVERIES_TABLE.filters}
        searchHint={DELIVERIES_TABLE.searchHint}
        values={{ result }}
        keep={table.kept}
      >
        <Button asChild variant="ghost" size="sm">
          <Link href={href}>Clear</Link>
        </Button>
      </FilterBar>
      <DeliveriesTable
        rows={deliveries.rows}
        total={deliveries.total}
        page={page}
        table={table}
        empty={<p>{result ? 'No attempt matches this filter.' : nothingSent}</p>}
      />
    </section>
  );
}
