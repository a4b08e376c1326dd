'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      className="w-full"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signIn('voice', { callbackUrl });
      }}
    >
      {pending ? 'Redirecting to the voice service…' : 'Sign in with the voice service'}
    </Button>
  );
}
