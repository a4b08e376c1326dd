'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

/** A rule's chart (recharts), loaded after the page so it never weighs on the first load. */
export const RuleChartIsland = dynamic(() => import('./rule-chart'), {
  ssr: false,
  loading: () => <Skeleton className="h-48 w-full" />,
});
