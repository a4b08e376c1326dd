'use client';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** Unexpected failures of a console page. Service failures are shown by the page itself. */
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <Alert variant="destructive" className="max-w-xl">
      <AlertTitle>This page failed to render</AlertTitle>
      <AlertDescription className="space-y-2">
        <p>Something unexpected went wrong in the console. Try again; if it persists, report the reference below.</p>
        {error.digest ? (
          <p className="text-xs">
            Reference: <code className="select-all">{error.digest}</code>
          </p>
        ) : null}
        <Button variant="outline" size="sm" onClick={reset}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
