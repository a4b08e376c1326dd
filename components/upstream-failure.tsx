import { RotateCw } from 'lucide-react';
import { Link } from '@/components/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { AutoRetry } from '@/components/resilience/auto-retry';
import { Button } from '@/components/ui/button';
import type { UpstreamFailure } from '@/lib/upstream/client';

const TITLES: Record<UpstreamFailure['kind'], string> = {
  unauthorized: 'Not signed in to the service',
  forbidden: 'The service refused access',
  not_found: 'Not found at the service',
  bad_request: 'The service rejected the request',
  rate_limited: 'Rate-limited by the service',
  server: 'The service failed',
  timeout: 'The service timed out',
  network: 'The service is unreachable',
  invalid_response: 'Unexpected answer from the service',
};

/** A failed read of the service: what happened, what to do, the request id, and a retry. */
export function UpstreamFailurePanel({ failure, retryHref }: { failure: UpstreamFailure; retryHref: string }) {
  return (
    <Alert variant="destructive" data-testid="upstream-failure">
      <AlertTitle>
        {TITLES[failure.kind]}
        {failure.status ? ` (HTTP ${failure.status})` : ''}
      </AlertTitle>
      <AlertDescription className="space-y-2">
        <p>{failure.message}</p>
        <p>{failure.guidance}</p>
        {failure.requestId ? (
          <p className="text-xs">
            Request id: <code className="select-all">{failure.requestId}</code>
          </p>
        ) : null}
        <AutoRetry kind={failure.kind} />
        <Button asChild variant="outline" size="sm">
          <Link href={retryHref}>
            <RotateCw className="size-3.5" aria-hidden /> Retry
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
