import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EntityListPage } from '@/components/entities/entity-list-page';
import { findNavItem } from '@/components/shell/nav-items';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { inferEntity } from '@/lib/entities/infer';
import { ENTITY_NAME_PATTERN, findEntity } from '@/lib/entities/registry';
import type { SearchParams } from '@/lib/search-params';

type AreaProps = { params: Promise<{ area: string }>; searchParams: SearchParams };

export async function generateMetadata({ params }: AreaProps): Promise<Metadata> {
  const { area } = await params;
  const title =
    findNavItem(area)?.label ??
    findEntity(area)?.label ??
    (ENTITY_NAME_PATTERN.test(area) ? inferEntity(area, []).label : 'Not found');
  return { title };
}

/**
 * A console area: the list of an /admin/ra entity (known to the registry or not), or a
 * planned area that is not built yet.
 */
export default async function AreaPage({ params, searchParams }: AreaProps) {
  const { area } = await params;
  const item = findNavItem(area);
  if (item && !item.built) {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold tracking-tight">{item.label}</h1>
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle className="text-base">Not built yet</CardTitle>
            <CardDescription>{item.purpose}</CardDescription>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            This area of the console is planned and not available in this version.
          </CardContent>
        </Card>
      </div>
    );
  }
  if (!ENTITY_NAME_PATTERN.test(area)) notFound();
  return <EntityListPage name={area} searchParams={await searchParams} />;
}
