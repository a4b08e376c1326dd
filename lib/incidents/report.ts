/**
 * The incident report as Markdown, for the postmortem: summary, status changes, notes, jobs,
 * operators' actions, the minute trend as a table, and the time to mitigate and resolve. Pure:
 * the route handler reads, this writes. Operators' text (titles, notes, emails, audit summaries)
 * is escaped so that it never turns into markup or breaks a table where the report is rendered.
 */
import type { AuditRow } from '@/lib/audit/log';
import type { JobSummary } from '@/lib/jobs/store';
import { JOB_ACTION_LABELS } from '@/lib/jobs/types';
import { formatAge } from '@/lib/triage/stuck-rules';
import { trendTotal, type TrendPoint } from '@/lib/stuck-trend/types';
import { formatUtc } from '@/lib/time';
import type { NameRecord } from '@/lib/entities/types';
import {
  describeScope,
  namesOrIds,
  type AffectedWorkspaces,
  type ScopeNamer,
  type Incident,
  type IncidentEvent,
} from './types';
import { SEVERITY_LABELS } from './values';

export interface IncidentReportInput {
  incident: Incident;
  events: IncidentEvent[];
  jobs: JobSummary[];
  actions: AuditRow[];
  trend: TrendPoint[];
  /** The statuses the trend shows, in its columns. */
  trendStatuses: string[];
  affectedNow: AffectedWorkspaces | null;
  generatedAt: Date;
  /** Names of the scope's workspaces and channels (readNames); the report gives each name with its id. */
  names?: NameRecord;
}

/** Text safe in Markdown prose and table cells: markup characters escaped, one line. */
export function markdownText(value: string): string {
  return value
    .replace(/\r?\n|\r/g, ' ')
    .replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (character) => `\\${character}`)
    .replace(/&/g, '&amp;');
}

/** Lines of a note as a block quote, each line escaped. */
function quoted(body: string): string {
  return body
    .split(/\r?\n|\r/)
    .map((line) => `> ${markdownText(line)}`)
    .join('\n');
}

function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '_None._';
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** "1 h 4 min", or "not yet". */
export function durationSince(start: Date, end: Date | null): string {
  return end ? formatAge(end.getTime() - start.getTime()) : 'not yet';
}

/** How long until the incident was mitigated; one resolved without a mitigation never was. */
export function timeToMitigate(incident: Pick<Incident, 'openedAt' | 'mitigatedAt' | 'resolvedAt'>): string {
  return !incident.mitigatedAt && incident.resolvedAt
    ? 'never mitigated (resolved directly)'
    : durationSince(incident.openedAt, incident.mitigatedAt);
}

function affectedTable(affected: AffectedWorkspaces | null): string {
  if (!affected) return '_Not read._';
  const note = `Read ${formatUtc(affected.at)}: ${affected.total} stuck, the oldest ${affected.examined} examined.`;
  return `${note}\n\n${table(
    ['Workspace', 'Stuck'],
    affected.workspaces.map((entry) => [markdownText(entry.workspaceGuid), String(entry.count)]),
  )}`;
}

/** "Acme (ws_1)": a report read outside the console keeps the id beside the name. */
function namedWithId(names: NameRecord): ScopeNamer {
  const nameOf = namesOrIds(names);
  return (entity, id) => {
    const name = nameOf(entity, id);
    return name === id ? id : `${name} (${id})`;
  };
}

export function incidentReportMarkdown(input: IncidentReportInput): string {
  const { incident, events } = input;
  const statusChanges = events.filter((event) => event.kind === 'status');
  const notes = events.filter((event) => event.kind === 'note');
  const lines = [
    `# Incident report: ${markdownText(incident.title)}`,
    '',
    '## Summary',
    '',
    `- Severity: ${SEVERITY_LABELS[incident.severity]}`,
    `- Status: ${incident.status}`,
    `- Scope: ${markdownText(describeScope(incident.scope, namedWithId(input.names ?? {})))}`,
    `- Opened: ${formatUtc(incident.openedAt)} by ${markdownText(incident.openedBy.email)}`,
    `- Time to mitigate: ${timeToMitigate(incident)}`,
    `- Time to resolve: ${durationSince(incident.openedAt, incident.resolvedAt)}`,
    `- Bulk jobs: ${input.jobs.length}; notes: ${notes.length}; operators' actions: ${input.actions.length}`,
    `- Incident id: ${incident.id}`,
    `- Report generated: ${formatUtc(input.generatedAt)}`,
    '',
    '## Status changes',
    '',
    table(
      ['Time (UTC)', 'Status', 'By'],
      statusChanges.map((event) => [
        formatUtc(event.at),
        event.kind === 'status' ? event.status : '',
        markdownText(event.operatorEmail),
      ]),
    ),
    '',
    '## Notes',
    '',
    notes.length === 0
      ? '_None._'
      : notes
          .map(
            (note) =>
              `**${formatUtc(note.at)}, ${markdownText(note.operatorEmail)}**\n\n${note.kind === 'note' ? quoted(note.body) : ''}`,
          )
          .join('\n\n'),
    '',
    '## Bulk jobs',
    '',
    table(
      ['Job', 'Action', 'Status', 'Done', 'OK', 'Failed', 'Skipped', 'Started by', 'Created (UTC)'],
      input.jobs.map((job) => [
        job.id,
        `${JOB_ACTION_LABELS[job.action]}${job.params.status ? ` → ${markdownText(job.params.status)}` : ''}`,
        job.status,
        `${job.counts.done} / ${job.counts.total}`,
        String(job.counts.ok),
        String(job.counts.failed),
        String(job.counts.skipped),
        markdownText(job.createdBy.email),
        formatUtc(job.createdAt),
      ]),
    ),
    '',
    "## Operators' actions",
    '',
    table(
      ['Time (UTC)', 'Operator', 'Action', 'Targets', 'Outcome', 'Summary'],
      input.actions.map((entry) => [
        formatUtc(entry.occurredAt),
        markdownText(entry.operatorEmail),
        markdownText(entry.action),
        markdownText(
          entry.targetIds.slice(0, 5).join(', ') +
            (entry.targetIds.length > 5 ? ` and ${entry.targetIds.length - 5} more` : ''),
        ),
        entry.outcome,
        markdownText(entry.summary ?? entry.errorMessage ?? entry.denialReason ?? ''),
      ]),
    ),
    '',
    '## Most affected workspaces',
    '',
    '### At the start',
    '',
    affectedTable(incident.affectedAtOpen),
    '',
    '### When the report was made',
    '',
    affectedTable(input.affectedNow),
    '',
    '## Stuck messages by the minute',
    '',
    table(
      ['Minute (UTC)', ...input.trendStatuses, 'Total'],
      input.trend.map((point) => [
        formatUtc(point.minute),
        ...input.trendStatuses.map((status) => (point.counts === null ? 'gap' : String(point.counts[status] ?? 0))),
        point.counts === null
          ? `gap: ${markdownText(point.error ?? 'not sampled')}`
          : String(trendTotal(point, input.trendStatuses)),
      ]),
    ),
    '',
  ];
  return lines.join('\n');
}
