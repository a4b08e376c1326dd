'use client';

import dynamic from 'next/dynamic';

/**
 * The bulk remediation dialog (its form, the job planner's client code, the dialog primitives)
 * loads when an operator opens it, not with the page: it is rendered only once opened.
 */
export const LazyBulkRemediationDialog = dynamic(
  () => import('./bulk-remediation-dialog').then((module) => module.BulkRemediationDialog),
  { ssr: false },
);
