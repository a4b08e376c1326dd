'use client';

/**
 * The disclosure of the stuck trend's table. Its rows are rendered in the browser the first time
 * it opens, from a chunk loaded then: rendered on the server, a day's table (a row per quarter
 * hour, nearly always closed) weighed on every dashboard and stuck page's server time and HTML.
 */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { TrendTableProps } from './trend-table';

const TrendTable = dynamic(() => import('./trend-table'), {
  ssr: false,
  loading: () => <p className="py-2 text-xs text-muted-foreground">Loading the table…</p>,
});

export function TrendTableDisclosure(props: TrendTableProps) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="text-sm"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="cursor-pointer text-xs text-muted-foreground">The chart&apos;s numbers as a table</summary>
      {opened ? <TrendTable {...props} /> : null}
    </details>
  );
}
