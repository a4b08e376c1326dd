import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { findNavItem } from '@/components/shell/nav-items';

type AreaParams = { params: Promise<{ area: string }> };

export async function generateMetadata({ params }: AreaParams): Promise<Metadata> {
  return { title: findNavItem((await params).area)?.label ?? 'Not found' };
}

/** Areas of the console that later work fills; each has its own route once built. */
export default async function PlannedAreaPage({ params }: AreaParams) {
  const item = findNavItem((await params).area);
  if (!item || item.built) notFound();
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
