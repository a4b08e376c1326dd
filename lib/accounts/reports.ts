/**
 * The service's whole-answer reports the accounts pages show and export: orphaned channels and
 * notifications, and the users outside a workspace (all, or identity-provider ones). One
 * declaration per report: how it is read, its columns, and the CSV the export route writes.
 */
import 'server-only';
import { csvRecord, CSV_BOM } from '@/lib/csv';
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
  /** `kind` shows a value as the entity tables do (times in the console's format, statuses as badges). */
  columns: ReadonlyArray<{ key: string; label: string; kind?: 'iso-datetime' | 'status' }>;
  read(upstream: UpstreamClient, workspaceGuid: string): Promise<ReportRow[]>;
}

const userColumns = [
  { key: 'id', label: 'Id' },
  { key: 'email', label: 'E-mail' },
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'idp_provider', label: 'Identity provider' },
  { key: 'last_active_at', label: 'Last active', kind: 'iso-datetime' },
] as const;

export const REPORTS: Readonly<Record<string, ReportDefinition>> = {
  'orphaned-channels': {
    name: 'orphaned-channels',
    title: 'Orphaned channels',
    perWorkspace: false,
    columns: [
      { key: 'id', label: 'Channel' },
      { key: 'channel_name', label: 'Name' },
      { key: 'dangling_references', label: 'Missing parent' },
      { key: 'workspace_guid', label: 'Workspace' },
      { key: 'owner_guid', label: 'Owner' },
    ],
    read: async (upstream) => orphanedChannels(upstream),
  },
  'orphaned-notifications': {
    name: 'orphaned-notifications',
    title: 'Orphaned notifications',
    perWorkspace: false,
    columns: [
      { key: 'id', label: 'Notification' },
      { key: 'type', label: 'Type', kind: 'status' },
      { key: 'dangling_references', label: 'Missing parent' },
      { key: 'user_id', label: 'Recipient' },
      { key: 'workspace_id', label: 'Workspace' },
      { key: 'channel_id', label: 'Channel' },
      { key: 'message_id', label: 'Message' },
      { key: 'created_at', label: 'Created', kind: 'iso-datetime' },
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
  return (
    CSV_BOM +
    csvRecord(report.columns.map((column) => column.key)) +
    rows.map((row) => csvRecord(report.columns.map((column) => cell(row[column.key])))).join('')
  );
}

/** Where the export of a report is downloaded. */
export function reportExportHref(name: string, workspaceGuid?: string): string {
  return `/api/export/reports/${encodeURIComponent(name)}${workspaceGuid ? `?workspace=${encodeURIComponent(workspaceGuid)}` : ''}`;
}
