import type { ConsoleRole } from '@/lib/auth/roles';

/** The signed-in operator's console role, under their name in the sidebar. */
export function OperatorRole({ role }: { role: ConsoleRole }) {
  return (
    <div className="truncate text-muted-foreground" data-testid="operator-role">
      Role: <span className="font-medium text-foreground">{role}</span>
    </div>
  );
}
