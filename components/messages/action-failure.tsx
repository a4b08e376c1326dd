import { Alert, AlertDescription } from '@/components/ui/alert';
import type { ActionError } from '@/lib/actions/guard/define';

/** A failed message action in one sentence, then what to do and the request id. */
export function ActionFailure({ label, error }: { label: string; error: ActionError }) {
  const fields = error.fieldErrors ? Object.values(error.fieldErrors).flat().join('; ') : null;
  return (
    <Alert variant="destructive" data-testid="action-outcome">
      <AlertDescription className="space-y-1">
        <p>
          {label} failed: {error.message}
        </p>
        {error.failure ? <p>{error.failure.guidance}</p> : null}
        {fields ? <p>{fields}</p> : null}
        {error.failure?.requestId ? <p className="text-xs">Request id {error.failure.requestId}</p> : null}
      </AlertDescription>
    </Alert>
  );
}
