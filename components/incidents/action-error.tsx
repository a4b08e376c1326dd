import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { ActionError } from '@/lib/actions/define';

/** How an incident command failed, beside its form: what happened and what to do. */
export function IncidentActionError({ error }: { error: ActionError }) {
  return (
    <Alert variant="destructive" data-testid="incident-action-error">
      <AlertTitle>{error.message}</AlertTitle>
      {error.failure ? (
        <AlertDescription>
          {error.failure.guidance}
          {error.failure.requestId ? ` Request id ${error.failure.requestId}.` : ''}
        </AlertDescription>
      ) : null}
      {error.fieldErrors ? (
        <AlertDescription>{Object.entries(error.fieldErrors).map(([field, messages]) => `${field}: ${messages.join(', ')}`).join('; ')}</AlertDescription>
      ) : null}
    </Alert>
  );
}
