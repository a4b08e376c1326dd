import { FieldsPanel, NestedPanel, RelatedPanel } from '@/components/entities/entity-detail';
import { countRelated, linkedIds, readTitles } from '@/lib/entities/related';
import type { EntityView } from '@/lib/entities/types';
import type { UpstreamClient } from '@/lib/upstream/client';
import type { RaRecord } from '@/lib/upstream/contract';

/**
 * The generic detail page's panels (fields, related, nested), which the accounts pages extend;
 * `skipNested` names nested tables the page shows its own way (a channel's members).
 */
export function RecordPanels({
  upstream,
  view,
  record,
  skipNested = [],
}: {
  upstream: UpstreamClient;
  view: EntityView;
  record: RaRecord;
  skipNested?: readonly string[];
}) {
  const titles = readTitles(upstream, linkedIds(view, record));
  const counts = countRelated(upstream, view, record.id);
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <FieldsPanel view={view} record={record} />
        </div>
        <RelatedPanel view={view} record={record} titles={titles} counts={counts} />
      </div>
      {view.nested
        .filter((nested) => !skipNested.includes(nested.field))
        .map((nested) => (
          <NestedPanel key={nested.field} nested={nested} record={record} titles={titles} />
        ))}
    </>
  );
}
