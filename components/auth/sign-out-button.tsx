'use client';

import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

export function SignOutButton({ variant = 'ghost' }: { variant?: 'ghost' | 'outline' | 'default' }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: '/signin?reason=signed-out' });
      }}
    >
      Sign out
    </Button>
  );
}
