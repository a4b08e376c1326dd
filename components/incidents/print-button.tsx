'use client';

import { Button } from '@/components/ui/button';

/** Prints the incident's page (its print stylesheet leaves out the console's chrome and controls). */
export function PrintButton() {
  return (
    <Button type="button" size="sm" variant="outline" onClick={() => window.print()}>
      Print
    </Button>
  );
}
