import type { ReactNode } from 'react';
import { MessageWorkbench } from '@/components/messages/message-workbench';
import { StuckDiagnosis } from '@/components/messages/stuck-diagnosis';
import { type Operator, permissionsFor } from '@/lib/auth/roles';
import { getOperator } from '@/lib/auth/session';
import { findEntity } from '@/lib/entities/registry';
import { MESSAGE_ACTIONS } from '@/lib/entities/record-actions';
import { requestTime } from '@/lib/request-time';
import { messageSchema, type RaRecord } from '@/lib/upstream/contract';

/**
 * Each entity's panel of record actions (its actions are declared in the registry). What the
 * role may do is computed here, on the server, from each action's own required role; each
 * server action checks the role again. Users, workspaces and channels have pages of their own
 * (app/(console)/users, workspaces, channels) with their panels.
 */
const PANELS: Readonly<Record<string, (record: RaRecord, operator: Operator) => ReactNode>> = {
  messages(record, operator) {
    const message = messageSchema.safeParse(record);
    if (!message.success) return null;
    const now = requestTime();
    return (
      <>
        <MessageWorkbench
          message={message.data}
          title={findEntity('messages')?.title(record) ?? record.id}
          permissions={permissionsFor(operator.role, MESSAGE_ACTIONS)}
          now={now}
        />
        <StuckDiagnosis message={message.data} now={now} />
      </>
    );
  },
};

/** What an operator can do on a record's detail page. */
export async function EntityActions({ entity, record }: { entity: string; record: RaRecord }) {
  const operator = await getOperator();
  const panel = PANELS[entity];
  return operator && panel ? panel(record, operator) : null;
}
