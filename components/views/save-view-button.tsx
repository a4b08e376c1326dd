'use client';

import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { usePathname, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { SAVED_VIEWS_HREF } from '@/lib/views/hrefs';
import { useViewSharing } from './view-sharing';

/** The dialog (and Radix with it) loads when it first opens, not with every table page. */
const SaveViewDialog = dynamic(() => import('./save-view-dialog').then((module) => module.SaveViewDialog), {
  ssr: false,
});

/**
 * "Save view" at the end of every filter bar: saves the page's URL as it is now (its filters,
 * order and shown columns), then says under which name until the URL changes.
 */
export function SaveViewButton() {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const href = query ? `${pathname}?${query}` : pathname;
  const sharing = useViewSharing();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState<{ name: string; from: string } | null>(null);
  const savedHere = saved !== null && saved.from === href;

  return (
    <div className="flex items-center gap-2">
      {savedHere ? (
        <p role="status" className="flex items-center gap-1 text-sm text-muted-foreground" data-testid="view-saved">
          <BookmarkCheck aria-hidden className="size-4" />
          Saved as{' '}
          <Link href={SAVED_VIEWS_HREF} className="font-medium text-foreground underline">
            {saved.name}
          </Link>
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <BookmarkPlus aria-hidden /> Save view
      </Button>
      {opened ? (
        <SaveViewDialog
          open={open}
          onOpenChange={setOpen}
          href={href}
          sharing={sharing}
          onSaved={(name) => setSaved({ name, from: href })}
        />
      ) : null}
    </div>
  );
}
