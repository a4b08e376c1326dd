import { Badge } from '@/components/ui/badge';
import type { IncidentEvent } from '@/lib/incidents/types';
import { formatUtc } from '@/lib/time';
import { STATUS_VARIANT } from './incidents-table';

/** The timeline, oldest first: status changes and notes, each with its time and operator. Notes are text, never markup. */
export function IncidentTimeline({ events }: { events: IncidentEvent[] }) {
  return (
    <ol className="space-y-3" data-testid="incident-timeline" aria-label="Timeline, oldest first">
      {events.map((event) => (
        <li key={event.id} className="border-l-2 pl-3" data-testid={`timeline-${event.kind}`}>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.at.toISOString()} className="font-mono">
              {formatUtc(event.at)}
            </time>{' '}
            · {event.operatorEmail}
          </p>
          {event.kind === 'status' ? (
            <p className="text-sm">
              Status <Badge variant={STATUS_VARIANT[event.status]}>{event.status}</Badge>
            </p>
          ) : (
            <p className="whitespace-pre-wrap text-sm">{event.body}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
