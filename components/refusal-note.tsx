import type { ActionPermission } from '@/lib/auth/roles';
import { cn } from '@/lib/utils';

/**
 * Why a control the operator's role cannot use is disabled, shown beside it the same way on
 * every page (the control points at it with `aria-describedby={id}`). Nothing when allowed.
 */
/** `className` sets its flex basis (`basis-full`: a line of its own in a wrapping row). */
export function RefusalNote({
  id,
  permission,
  className,
}: {
  id: string;
  permission: ActionPermission;
  className?: string;
}) {
  if (permission.allowed) return null;
  return (
    <p id={id} className={cn('text-sm text-muted-foreground', className)} data-testid="refusal-note">
      {permission.reason}
    </p>
  );
}
