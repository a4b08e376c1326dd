'use client';

import { BadgeCheck } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { markUserVerified } from '@/app/(console)/_actions/users';
import { announceActionResult, callAction } from '@/components/action-feedback';
import { Button } from '@/components/ui/button';

export function VerifyUserButton({ userId }: { userId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      size="sm"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await callAction(() => markUserVerified({ userId }));
          announceActionResult(result, 'User marked verified');
          // Read the record back from the service, whatever the outcome.
          router.refresh();
        })
      }
    >
      <BadgeCheck className="size-4" aria-hidden />
      {pending ? 'Marking verified…' : 'Mark verified'}
    </Button>
  );
}
