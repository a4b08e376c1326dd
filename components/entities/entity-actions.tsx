import { requestTime } from '@/lib/request-time';
import { MessageWorkbench } from '@/components/messages/message-workbench';
import { VerifyUserButton } from '@/components/users/verify-user-button';
import { roleAllows } from '@/lib/auth/roles';
import { getOperator } from '@/lib/auth/session';
import { messageSchema, userSchema, type RaRecord } from '@/lib/upstream/contract';

/**
 * What an operator can do on a record's detail page, by entity and role. The buttons are a
 * convenience: each server action checks the role again.
 */
export async function EntityActions({ entity, record }: { entity: string; record: RaRecord }) {
  const operator = await getOperator();
  if (!operator) return null;
  if (entity === 'messages') {
    const message = messageSchema.safeParse(record);
    return message.success ? <MessageWorkbench message={message.data} role={operator.role} now={requestTime()} /> : null;
  }
  if (entity === 'users') {
    const user = userSchema.safeParse(record);
    if (!user.success || user.data.verified || !roleAllows(operator.role, 'support')) return null;
    return (
      <div className="flex items-center gap-3 rounded-md border p-3 text-sm">
        <span>This account is not verified.</span>
        <VerifyUserButton userId={user.data.id} />
      </div>
    );
  }
  return null;
}
