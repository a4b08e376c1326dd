/** The incident report's Markdown from a crafted incident: every section, durations, escaping. */
import { describe, expect, it } from 'vitest';
import type { AuditRow } from '@/lib/audit/log';
import { incidentReportMarkdown, markdownText } from '@/lib/incidents/report';
import { describeScope, namesOrIds, scopeNameRequest, type Incident, type IncidentEvent } from '@/lib/incidents/types';
import { describeTarget } from '@/lib/watch/describe';
import type { JobSummary } from '@/lib/jobs/store';

const at = (time: string) => new Date(`2026-11-20T${time}Z`);

const incident: Incident = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Processing backlog <script>alert(1)</script>',
  severity: 'sev1',
  scope: { workspaces: ['ws_acme'], channels: [], statuses: ['processing'], threshold: 15 },
  status: 'resolved',
  openedAt: at('10:00:00'),
  openedBy: { id: 'usr_s', email: 'support@example.com' },
  affectedAtOpen: {
    at: at('10:00:00'),
    examined: 40,
    total: 40,
    workspaces: [{ workspaceGuid: 'ws_acme', count: 40 }],
  },
  mitigatedAt: at('10:25:00'),
  resolvedAt: at('11:40:00'),
};

const events: IncidentEvent[] = [
  { kind: 'status', id: '1', at: at('10:00:00'), operatorEmail: 'support@example.com', status: 'open' },
  {
    kind: 'note',
    id: '2',
    at: at('10:05:00'),
    operatorEmail: 'support@example.com',
    body: 'Transcoder queue stalled.\nRestarted | checking',
  },
  { kind: 'status', id: '3', at: at('10:25:00'), operatorEmail: 'ops@example.com', status: 'mitigated' },
  { kind: 'status', id: '4', at: at('11:40:00'), operatorEmail: 'ops@example.com', status: 'resolved' },
];

const job = {
  id: '22222222-2222-4222-8222-222222222222',
  action: 'message.reprocess',
  params: {},
  status: 'completed',
  createdBy: { id: 'usr_o', email: 'ops@example.com', role: 'ops' },
  createdAt: at('10:10:00'),
  counts: { total: 40, pending: 0, inFlight: 0, ok: 38, failed: 2, skipped: 0, unknown: 0, done: 40 },
} as unknown as JobSummary;

const action = {
  id: '9',
  occurredAt: at('10:10:05'),
  operatorEmail: 'ops@example.com',
  operatorRole: 'ops',
  action: 'job.start',
  targetType: 'bulk_job',
  targetIds: [job.id],
  outcome: 'ok',
  summary: 'started 40 items',
  errorMessage: null,
  denialReason: null,
} as unknown as AuditRow;

describe('incidentReportMarkdown', () => {
  const markdown = incidentReportMarkdown({
    incident,
    events,
    jobs: [job],
    actions: [action],
    trend: [
      { minute: at('09:59:00'), counts: { processing: 40 }, error: null },
      { minute: at('10:00:00'), counts: null, error: 'server 503: unavailable' },
      { minute: at('10:01:00'), counts: { processing: 12 }, error: null },
    ],
    trendStatuses: ['processing'],
    affectedNow: { at: at('11:41:00'), examined: 0, total: 0, workspaces: [] },
    generatedAt: at('11:45:00'),
  });

  it('summarises with severity, scope and the times to mitigate and resolve', () => {
    expect(markdown).toContain('# Incident report: Processing backlog \\<script\\>alert\\(1\\)\\</script\\>');
    expect(markdown).toContain('- Severity: SEV1 (critical)');
    expect(markdown).toContain('- Scope: workspaces ws\\_acme; statuses processing; stuck after 15 min');
    expect(markdown).toContain('- Time to mitigate: 25 min');
    expect(markdown).toContain('- Time to resolve: 1 h 40 min');
  });

  it('lists the status changes, the notes, the job and the actions', () => {
    expect(markdown).toContain('| 2026-11-20 10:25:00 UTC | mitigated | ops@example\\.com |');
    expect(markdown).toContain('| 2026-11-20 11:40:00 UTC | resolved | ops@example\\.com |');
    expect(markdown).toContain('> Transcoder queue stalled\\.\n> Restarted \\| checking');
    expect(markdown).toContain(`| ${job.id} | Reprocess | completed | 40 / 40 | 38 | 2 | 0 |`);
    expect(markdown).toContain('| job\\.start |');
    expect(markdown).toContain('started 40 items');
  });

  it('writes the trend as a table, a failed sample as a gap and not as zero', () => {
    expect(markdown).toContain('| Minute (UTC) | processing | Total |');
    expect(markdown).toContain('| 2026-11-20 09:59:00 UTC | 40 | 40 |');
    expect(markdown).toContain('| 2026-11-20 10:00:00 UTC | gap | gap: server 503: unavailable |');
    expect(markdown).not.toContain('| 2026-11-20 10:00:00 UTC | 0 |');
  });

  it('escapes markup in operators’ text', () => {
    const escaped = markdownText('<img src=x onerror=alert(1)> | [link](javascript:x)\nnext');
    expect(escaped).toBe('\\<img src=x onerror=alert\\(1\\)\\> \\| \\[link\\]\\(javascript:x\\) next');
    // Every markup character is preceded by a backslash: none starts a tag, link or cell.
    expect(escaped).not.toMatch(/(^|[^\\])[<>|[\]()]/);
  });
});

describe("the scope's workspaces and channels", () => {
  const scope = { workspaces: ['ws_acme', 'ws_gone'], channels: ['ch_ops'], statuses: [], threshold: undefined };
  const names = { '/workspaces/ws_acme': { name: 'Acme <b>' }, '/channels/ch_ops': { name: 'ops-alerts' } };

  it('are named where a page read their names, by id where it found none', () => {
    expect(describeScope(scope, namesOrIds(names))).toBe('workspaces Acme <b>, ws_gone; channels ops-alerts');
    expect(describeTarget({ kind: 'stuck', scope }, null, namesOrIds(names))).toBe(
      'stuck messages in workspaces Acme <b>, ws_gone; channels ops-alerts',
    );
  });

  it('are ids without names', () => {
    expect(describeScope(scope)).toBe('workspaces ws_acme, ws_gone; channels ch_ops');
  });

  it('are asked for in one request per entity, for every scope of a page', () => {
    expect(scopeNameRequest([scope, { ...scope, workspaces: ['ws_b'], channels: [] }])).toEqual({
      workspaces: ['ws_acme', 'ws_gone', 'ws_b'],
      channels: ['ch_ops'],
    });
  });

  it('keep their ids beside their names in the report, escaped', () => {
    const report = incidentReportMarkdown({
      incident: { ...incident, scope },
      events: [],
      jobs: [],
      actions: [],
      trend: [],
      trendStatuses: [],
      affectedNow: null,
      generatedAt: at('11:45:00'),
      names,
    });
    expect(report).toContain(
      '- Scope: workspaces Acme \\<b\\> \\(ws\\_acme\\), ws\\_gone; channels ops\\-alerts \\(ch\\_ops\\)',
    );
  });
});
