'use client';

import dynamic from 'next/dynamic';
import { ColumnsButton } from './columns-button';

/**
 * The column chooser, loaded after the page: its menu (Radix) and TanStack's column visibility
 * are not part of a list's first load. Until then its button stands, disabled.
 */
export const ColumnChooser = dynamic(() => import('./column-menu'), {
  ssr: false,
  loading: () => <ColumnsButton disabled />,
});
