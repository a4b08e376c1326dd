import Link from 'next/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { DomainWriteResult } from '@/app/(console)/_actions/domains';

type Failed = Extract<DomainWriteResult, { ok: false }>;

/** How a domain write failed, in the dialog: what happened, what to do, and the duplicate's link. */
export function DomainActionError({ result }: { result: Failed }) {
  const { error, duplicateOf } = result;
  return (
    <Alert variant="destructive" data-testid="domain-action-error">
      <AlertTitle>{error.message}</AlertTitle>
      {duplicateOf ? (
        <AlertDescription>
          <Link className="underline" href={`/domains/${encodeURIComponent(duplicateOf.id)}`}>
            Open the existing domain {duplicateOf.domain}
          </Link>
        </AlertDescription>
      ) : null}
      {error.failure ? (
        <AlertDescription>
          {error.failure.guidance}
          {error.failure.requestId ? ` Request id ${error.failure.requestId}.` : ''}
        </AlertDescription>
      ) : null}
      {error.fieldErrors ? (
        <AlertDescription>
          {Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`).join('; ')}
        </AlertDescription>
      ) : null}
    </Alert>
  );
}
