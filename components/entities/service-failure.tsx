import { ShieldAlert } from 'lucide-react';
import { UpstreamFailurePanel } from '@/components/upstream-failure';
import type { UpstreamFailure } from '@/lib/upstream/client';

/**
 * A page whose read failed. A 403 is a page of its own (retrying does not help: the account
 * lacks access); anything else is the failure panel with its request id and a retry.
 */
export function ServiceFailure({
  title,
  failure,
  retryHref,
}: {
  title: string;
  failure: UpstreamFailure;
  retryHref: string;
}) {
  if (failure.kind === 'forbidden') {
    return (
      <div className="space-y-4" data-testid="forbidden">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <ShieldAlert className="size-6 text-destructive" aria-hidden /> 403: access refused
        </h1>
        <p className="max-w-xl text-sm text-muted-foreground">
          The service refused to show <bdi>{title}</bdi> to your account. Retrying will not change that; ask for access,
          or check that the console signs in with the admin scope.
        </p>
        {failure.requestId ? (
          <p className="text-xs text-muted-foreground">
            Request id: <code className="select-all">{failure.requestId}</code>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">
        <bdi>{title}</bdi>
      </h1>
      <UpstreamFailurePanel failure={failure} retryHref={retryHref} />
    </div>
  );
}
