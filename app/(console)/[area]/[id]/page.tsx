import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AuditPanel } from '@/components/audit/audit-panel';
import { EntityActions } from '@/components/entities/entity-actions';
import { RecordPanels } from '@/components/entities/entity-detail';
import { RawJson } from '@/components/entities/raw-json';
import { ServiceFailure } from '@/components/entities/service-failure';
import { VisibleText } from '@/components/entities/visible-text';
import { findNavItem } from '@/components/shell/nav-items';
import { ReturnBreadcrumb } from '@/components/shell/return-breadcrumb';
import { requireAdminSession } from '@/lib/auth/session';
import { countRelated, readEntityRecord } from '@/lib/entities/data';
import { detailHref } from '@/lib/entities/hrefs';
import { inferEntity } from '@/lib/entities/infer';
import { ENTITY_NAME_PATTERN, auditTargetType, entityView, findEntity } from '@/lib/entities/registry';
import { FROM_PARAM } from '@/lib/navigation/from';
import type { SearchParams } from '@/lib/search-params';
import { isDotSegment } from '@/lib/upstream/contract';

type DetailProps = { params: Promise<{ area: string; id: string }>; searchParams: SearchParams };

function entityLabel(area: string): string {
  return findEntity(area)?.singular ?? inferEntity(area, []).singular;
}

export async function generateMetadata({ params }: DetailProps): Promise<Metadata> {
  const { area, id } = await params;
  return { title: `${entityLabel(area)} ${id}` };
}

/** One record of any entity: fields, related records and lists, nested tables, the raw JSON. */
export default async function EntityDetailPage({ params, searchParams }: DetailProps) {
  const { area, id } = await params;
  const item = findNavItem(area);
  // `.` and `..` cannot name a record: in the service's path they would name another resource.
  if ((item && !item.built) || !ENTITY_NAME_PATTERN.test(area) || isDotSegment(id)) notFound();
  const { upstream } = await requireAdminSession();
  const known = findEntity(area);
  // The related lists are counted by this id alone: those reads go out with the record's own.
  const counts = known ? countRelated(upstream, known, id) : Promise.resolve([]);
  const read = await readEntityRecord(upstream, area, id);
  if (!read.ok) {
    if (read.failure.kind === 'not_found') notFound();
    return (
      <ServiceFailure title={`${entityLabel(area)} ${id}`} failure={read.failure} retryHref={detailHref(area, id)} />
    );
  }
  const record = read.data;
  const view = known ? entityView(known) : inferEntity(area, [record]);
  const title = known ? known.title(record) : record.id;

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <ReturnBreadcrumb
          href={`/${encodeURIComponent(area)}`}
          label={view.label}
          back={(await searchParams)[FROM_PARAM]}
        >
          <bdi className="font-mono text-xs">{record.id}</bdi>
        </ReturnBreadcrumb>
        <h1 className="text-2xl font-semibold tracking-tight break-words">
          <bdi>
            <VisibleText
              text={Array.from(title).length > 200 ? `${Array.from(title).slice(0, 200).join('')}…` : title}
            />
          </bdi>
        </h1>
        <p className="text-sm text-muted-foreground">
          {view.singular} <code className="select-all">{record.id}</code>
        </p>
      </div>
      <EntityActions entity={area} record={record} />
      <RecordPanels upstream={upstream} view={view} record={record} counts={counts} />
      <AuditPanel targetType={auditTargetType(view)} targetId={id} />
      <RawJson record={record} />
    </div>
  );
}
