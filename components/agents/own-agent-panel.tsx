import { Link } from '@/components/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { OwnScope } from '@/lib/agents/data';
import type { ActionPermission } from '@/lib/auth/roles';
import type { Agent } from '@/lib/upstream/contract';
import { DeleteAgentButton } from './delete-agent-button';
import { MintTokenDialog } from './mint-token-dialog';

/** What each of the panel's controls is given: the agent, and whether the operator's role may act. */
export interface OwnAgentControlProps {
  agentId: string;
  agentName: string;
  permission: ActionPermission;
}

interface OwnAgentPanelProps {
  agent: Agent;
  scope: OwnScope;
  ownerName: string;
  /** What the operator's role allows, decided on the server from the actions' own roles. */
  permissions: { mint: ActionPermission; remove: ActionPermission };
}

/**
 * What the operator can do with this agent through /agents, which acts in their own scope. A 403
 * there is explained: it is the service's rule, not a failure of the console.
 */
export function OwnAgentPanel({ agent, scope, ownerName, permissions }: OwnAgentPanelProps) {
  return (
    <Card gap="gap-3" data-testid="own-agent-panel">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>Your access through /agents</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {scope.kind === 'forbidden' ? (
          <Alert variant="warning" data-testid="agent-scope-403">
            <AlertTitle>This agent is outside your scope (403 from /agents)</AlertTitle>
            <AlertDescription>
              <p data-testid="agent-not-yours">
                This agent belongs to <bdi>{ownerName}</bdi>: only its creator can delete it or mint its tokens. The
                service allows no one else, whatever their console role, and /agents answers only for agents whose
                creator is your own account. Its record above is read through the admin API, which sees every agent.
              </p>
              <p className="mt-1">
                Ask its owner to act on it, or create an agent of your own in{' '}
                <Link className="underline" href="/agents/mine">
                  My agents
                </Link>
                .{scope.failure.requestId ? ` Request id ${scope.failure.requestId}.` : ''}
              </p>
            </AlertDescription>
          </Alert>
        ) : scope.kind === 'failed' ? (
          <Alert variant="destructive">
            <AlertTitle>{scope.failure.message}</AlertTitle>
            <AlertDescription>
              {scope.failure.guidance}
              {scope.failure.requestId ? ` Request id ${scope.failure.requestId}.` : ''}
            </AlertDescription>
          </Alert>
        ) : agent.deleted_at ? (
          <p>This is one of your agents. It is deleted: it gets no new tokens.</p>
        ) : (
          <>
            <p>This is one of your agents. Tokens are short-lived and shown once; the console keeps none.</p>
            <div className="flex flex-wrap items-start gap-3">
              <MintTokenDialog agentId={agent.id} agentName={agent.name ?? agent.id} permission={permissions.mint} />
              <DeleteAgentButton
                agentId={agent.id}
                agentName={agent.name ?? agent.id}
                permission={permissions.remove}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
