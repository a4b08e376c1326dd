'use client';

/**
 * The disclosure of the stuck trend's table. Its rows are rendered in the browser the first time
 * it opens, from a chunk loaded then: rendered on the server, a day's table (97 rows of five
 * cells, nearly always closed) cost every dashboard and stuck page about a fifth of its server
 * time and 77 KiB (issue 17).
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
