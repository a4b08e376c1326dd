import { Link } from '@/components/link';
import { CellValue } from '@/components/entities/cell-value';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { MintedTokenEntry } from '@/lib/agents/data';
import { detailHref, filteredListHref } from '@/lib/entities/hrefs';
import type { Message } from '@/lib/upstream/contract';

/** The agent's latest messages, newest first, each linking to its page. */
export function RecentMessages({ agentId, messages, total }: { agentId: string; messages: Message[]; total: number }) {
  return (
    <Card gap="gap-3">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>Recent messages</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {messages.length === 0 ? (
          <p className="text-muted-foreground">This agent has created no messages.</p>
        ) : (
          <ul className="divide-y" data-testid="agent-messages">
            {messages.map((message) => (
              <li key={message.id} className="flex flex-wrap items-baseline justify-between gap-2 py-1.5">
                <Link href={detailHref('messages', message.id)} className="min-w-0 truncate hover:underline">
                  <bdi>{typeof message.name === 'string' && message.name.trim() ? message.name : message.id}</bdi>
                </Link>
                <span className="flex items-center gap-2">
                  <CellValue column={{ kind: 'status' }} value={message.status} mode="table" />
                  <CellValue column={{ kind: 'epoch-ms' }} value={message.message_ts} mode="table" />
                </span>
              </li>
            ))}
          </ul>
        )}
        {total > messages.length ? (
          <Link className="underline" href={filteredListHref('messages', { creator: agentId })}>
            All {total.toLocaleString('en-US')} messages
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Tokens minted for the agent through the console: who, when, until when. The tokens themselves were never kept. */
export function MintedTokens({ agentId, tokens }: { agentId: string; tokens: MintedTokenEntry[] }) {
  return (
    <Card gap="gap-3">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>Tokens minted through the console</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {tokens.length === 0 ? (
          <p className="text-muted-foreground">No token has been minted for this agent through the console.</p>
        ) : (
          <ul className="divide-y" data-testid="minted-tokens">
            {tokens.map((entry) => (
              <li key={entry.auditId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5">
                <span>{entry.operatorEmail}</span>
                <span className="text-muted-foreground">
                  at <CellValue column={{ kind: 'iso-datetime' }} value={entry.at} mode="table" />
                </span>
                {entry.expiresAt ? (
                  <span className="text-muted-foreground">
                    expires <CellValue column={{ kind: 'iso-datetime' }} value={entry.expiresAt} mode="table" />
                  </span>
                ) : (
                  <span className="text-muted-foreground">
                    {entry.outcome === 'ok' ? 'expiry not recorded' : `not minted (${entry.outcome})`}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <Link className="underline" href={`/audit?action=agent.mint_token&target=${encodeURIComponent(agentId)}`}>
          In the audit log
        </Link>
      </CardContent>
    </Card>
  );
}
