'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

/** The stuck trend's chart (recharts), loaded after the page so it never weighs on the first load. */
export const TrendChartIsland = dynamic(() => import('./trend-chart'), {
  ssr: false,
  loading: () => <Skeleton className="h-40 w-full" />,
});
