import type { ReactNode } from 'react';
import { MessageWorkbench } from '@/components/messages/message-workbench';
import { VerifyUserButton } from '@/components/users/verify-user-button';
import type { Operator } from '@/lib/auth/operator';
import { permissionsFor } from '@/lib/auth/permissions';
import { getOperator } from '@/lib/auth/session';
import { MESSAGE_ACTIONS, USER_ACTIONS } from '@/lib/entities/registry';
import { requestTime } from '@/lib/request-time';
import { messageSchema, userSchema, type RaRecord } from '@/lib/upstream/contract';

/**
 * Each entity's panel of record actions (its actions are declared in the registry). What the
 * role may do is computed here, on the server, from each action's own required role; each
 * server action checks the role again.
 */
const PANELS: Readonly<Record<string, (record: RaRecord, operator: Operator) => ReactNode>> = {
  messages(record, operator) {
    const message = messageSchema.safeParse(record);
    if (!message.success) return null;
    return <MessageWorkbench message={message.data} permissions={permissionsFor(operator.role, MESSAGE_ACTIONS)} now={requestTime()} />;
  },
  users(record, operator) {
    const user = userSchema.safeParse(record);
    if (!user.success || user.data.verified) return null;
    const { markVerified } = permissionsFor(operator.role, USER_ACTIONS);
    return (
      <div className="flex items-center gap-3 rounded-md border p-3 text-sm">
        <span>This account is not verified.</span>
        {/* No disabled button here: a viewer sees no mutating control (e2e/access-control.spec.ts). */}
        {markVerified.allowed ? <VerifyUserButton userId={user.data.id} /> : <span className="text-muted-foreground">Marking it verified: {markVerified.reason}</span>}
      </div>
    );
  },
};

/** What an operator can do on a record's detail page. */
export async function EntityActions({ entity, record }: { entity: string; record: RaRecord }) {
  const operator = await getOperator();
  const panel = PANELS[entity];
  return operator && panel ? panel(record, operator) : null;
}
