/**
 * The service's whole-answer reports the accounts pages show and export: orphaned channels and
 * notifications, and the users outside a workspace (all, or identity-provider ones). One
 * declaration per report: how it is read, and its columns (TanStack column definitions, the
 * console's one column vocabulary: lib/tables/columns.ts), which the page renders and the export
 * route writes as CSV.
 */
import 'server-only';
import { csvRecord } from '@/lib/csv';
import { columnId, type ConsoleColumn } from '@/lib/tables/columns';
import { csvColumns, csvHeader } from '@/lib/tables/csv';
import type { UpstreamClient } from '@/lib/upstream/client';
import {
  idpUsersNotInWorkspace,
  orphanedChannels,
  orphanedNotifications,
  usersNotInWorkspace,
} from '@/lib/upstream/accounts';

export type ReportRow = Readonly<Record<string, unknown>> & { id: string };

export interface ReportDefinition {
  name: string;
  title: string;
  /** Needs a workspace id (the users-outside reports). */
  perWorkspace: boolean;
  /** Each a field of the rows, exported under its name; the page gives each its cell. */
  columns: readonly ConsoleColumn<ReportRow>[];
  read(upstream: UpstreamClient, workspaceGuid: string): Promise<ReportRow[]>;
}

/**
 * A column of a report: the rows' field `key`, headed `label`, exported under the field's name;
 * a `kind` shows the value as the entity tables do (times in the console's format, statuses as badges).
 */
const field = (key: string, label: string, kind?: 'iso-datetime' | 'status'): ConsoleColumn<ReportRow> => ({
  id: key,
  header: label,
  accessorFn: (row) => row[key],
  meta: { csv: key, ...(kind ? { kind } : {}) },
});

const userColumns = [
  field('id', 'Id'),
  field('email', 'E-mail'),
  field('first_name', 'First name'),
  field('last_name', 'Last name'),
  field('idp_provider', 'Identity provider'),
  field('last_active_at', 'Last active', 'iso-datetime'),
];

export const REPORTS: Readonly<Record<string, ReportDefinition>> = {
  'orphaned-channels': {
    name: 'orphaned-channels',
    title: 'Orphaned channels',
    perWorkspace: false,
    columns: [
      field('id', 'Channel'),
      field('channel_name', 'Name'),
      field('dangling_references', 'Missing parent'),
      field('workspace_guid', 'Workspace'),
      field('owner_guid', 'Owner'),
    ],
    read: async (upstream) => orphanedChannels(upstream),
  },
  'orphaned-notifications': {
    name: 'orphaned-notifications',
    title: 'Orphaned notifications',
    perWorkspace: false,
    columns: [
      field('id', 'Notification'),
      field('type', 'Type', 'status'),
      field('dangling_references', 'Missing parent'),
      field('user_id', 'Recipient'),
      field('workspace_id', 'Workspace'),
      field('channel_id', 'Channel'),
      field('message_id', 'Message'),
      field('created_at', 'Created', 'iso-datetime'),
    ],
    read: async (upstream) => orphanedNotifications(upstream),
  },
  noworkspace: {
    name: 'noworkspace',
    title: 'Users not in this workspace',
    perWorkspace: true,
    columns: userColumns,
    read: (upstream, workspaceGuid) => usersNotInWorkspace(upstream, workspaceGuid),
  },
  'idp-not-in-workspace': {
    name: 'idp-not-in-workspace',
    title: 'Identity-provider users not in this workspace',
    perWorkspace: true,
    columns: userColumns,
    read: (upstream, workspaceGuid) => idpUsersNotInWorkspace(upstream, workspaceGuid),
  },
};

export function findReport(name: string): ReportDefinition | undefined {
  return Object.hasOwn(REPORTS, name) ? REPORTS[name] : undefined;
}

/** A report as CSV (spreadsheet-safe, see lib/csv): lists joined with spaces. */
export function reportCsv(report: ReportDefinition, rows: readonly ReportRow[]): string {
  const cell = (value: unknown) => (Array.isArray(value) ? value.join(' ') : value);
  const columns = csvColumns(report.columns);
  return (
    csvHeader(columns) + rows.map((row) => csvRecord(columns.map((column) => cell(row[columnId(column)])))).join('')
  );
}

/** Where the export of a report is downloaded. */
export function reportExportHref(name: string, workspaceGuid?: string): string {
  return `/api/export/reports/${encodeURIComponent(name)}${workspaceGuid ? `?workspace=${encodeURIComponent(workspaceGuid)}` : ''}`;
}
