/**
 * The audit page's filters, parsed from URL search params (the page's state). Bad input becomes
 * errors naming the parameter, never an exception. A bad filter shows no entries (rather than
 * widening the search to every entry); the page's other parameters follow lib/search-params.
 */
import type { RowData } from '@tanstack/table-core';
import { z } from 'zod';
import {
  noControlCharacters,
  pageParser,
  paramReader,
  type ParamIssue,
  type RawSearchParams,
} from '@/lib/search-params';
import { readTableParams, type OrderedTable, type TableParams } from '@/lib/search-params/table';
import { filterParamNames, type FilterSpec } from '@/lib/tables/filters';

export const AUDIT_OUTCOMES = ['pending', 'ok', 'failed', 'denied', 'invalid'] as const;
export type AuditOutcomeValue = (typeof AUDIT_OUTCOMES)[number];

/**
 * The audit log's filters, declared once: the filter bar's fields and the URL parameters the page
 * and the export read (AUDIT_TABLE composes them). Each parameter is judged by auditFiltersSchema.
 */
export const AUDIT_FILTERS = [
  { kind: 'text', param: 'operator', label: 'Operator e-mail contains', placeholder: 'ops@', maxLength: 320 },
  { kind: 'exact', param: 'operatorId', label: 'Operator account id', placeholder: 'usr_…', maxLength: 256 },
  { kind: 'text', param: 'action', label: 'Action (or prefix ending in .)', placeholder: 'user.', maxLength: 100 },
  { kind: 'exact', param: 'target', label: 'Target id', placeholder: 'usr_…', maxLength: 256 },
  { kind: 'enum', param: 'outcome', label: 'Outcome', options: AUDIT_OUTCOMES },
  { kind: 'date-range', label: 'Time', times: true },
] as const satisfies readonly FilterSpec[];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const DAY_MS = 86_400_000;
/** Bounds PostgreSQL's timestamptz takes without complaint, with room for the end-of-day step. */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T00:00:00Z');
const isoDateTime = z.iso.datetime({ offset: true, local: true });

/**
 * A time bound: an ISO date-time (without an offset it is UTC) or a date (UTC). A date as the
 * end bound means through the end of that day, since `to` is exclusive.
 */
function timeBound(name: 'from' | 'to') {
  return z.string().transform((value, ctx) => {
    let time = Number.NaN;
    if (DATE_ONLY.test(value)) {
      time = Date.parse(`${value}T00:00:00Z`);
      // Date.parse rolls 2026-02-31 over to March; refuse dates that do not exist.
      if (!Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) !== value) time = Number.NaN;
      if (name === 'to') time += DAY_MS;
    } else if (isoDateTime.safeParse(value).success) {
      time = Date.parse(HAS_OFFSET.test(value) ? value : `${value}Z`);
    }
    if (Number.isNaN(time)) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be a date (2026-11-22) or an ISO date-time (2026-11-22T10:30:00Z)`,
      });
      return z.NEVER;
    }
    if (time < EARLIEST || time > LATEST) {
      ctx.addIssue({ code: 'custom', message: `${name} must be between the years 0001 and 9999` });
      return z.NEVER;
    }
    return new Date(time);
  });
}

export const auditFiltersSchema = z
  .object({
    /** Part of the operator's email, any case. */
    operator: noControlCharacters(
      z.string().max(320, 'operator must be at most 320 characters'),
      'operator',
    ).optional(),
    /** One operator's account id (the operators page links here), matched exactly. */
    operatorId: noControlCharacters(
      z.string().max(256, 'operatorId must be at most 256 characters'),
      'operatorId',
    ).optional(),
    /** An action (`user.set_verified`), or a prefix ending in a dot (`message.`) for all under it. */
    action: noControlCharacters(z.string().max(100, 'action must be at most 100 characters'), 'action').optional(),
    /** One target id, matched exactly against the entry's target ids. */
    target: noControlCharacters(z.string().max(256, 'target must be at most 256 characters'), 'target').optional(),
    /** The kind of target (`message`, `user`, `bulk_job`); set by a record's page, not read from the URL. */
    targetType: z.string().max(100).optional(),
    outcome: z.enum(AUDIT_OUTCOMES, { error: `outcome must be one of ${AUDIT_OUTCOMES.join(', ')}` }).optional(),
    /** Inclusive. */
    from: timeBound('from').optional(),
    /** Exclusive. */
    to: timeBound('to').optional(),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from < filters.to, {
    message: 'to must be later than from',
    path: ['to'],
  });

export type AuditFilters = z.output<typeof auditFiltersSchema>;
export type AuditFilterParam = keyof AuditFilters;
export type AuditFilterErrors = Partial<Record<AuditFilterParam, string[]>>;

export type ParsedAuditFilters = { ok: true; filters: AuditFilters } | { ok: false; errors: AuditFilterErrors };

const FILTER_PARAMS = filterParamNames(AUDIT_FILTERS) as readonly AuditFilterParam[];

/** The first value of a parameter, trimmed; empty counts as absent (an empty form field). */
function firstValue(params: URLSearchParams | RawSearchParams, name: string): string | undefined {
  const raw = params instanceof URLSearchParams ? params.get(name) : params[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

function parseCandidate(candidate: Record<string, string | undefined>): ParsedAuditFilters {
  const parsed = auditFiltersSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, filters: parsed.data };
  return { ok: false, errors: z.flattenError(parsed.error).fieldErrors };
}

/** Reads the filters from search params (the export's); other parameters are ignored. */
export function parseAuditFilters(params: URLSearchParams | RawSearchParams): ParsedAuditFilters {
  return parseCandidate(Object.fromEntries(FILTER_PARAMS.map((name) => [name, firstValue(params, name)])));
}

export interface AuditPageParams {
  filters: ParsedAuditFilters;
  /** The filters as given (first values, trimmed), for the form and the links. */
  given: Partial<Record<AuditFilterParam, string>>;
  page: number;
  /** Page size, order and shown columns. */
  table: TableParams;
  /** Repeated, unknown or bad non-filter parameters. */
  issues: ParamIssue[];
}

/** The audit page's whole URL: its filters, its page, its table's order, size and columns (`table`: AUDIT_TABLE), and what was not understood. */
export function parseAuditPageParams<TData extends RowData>(
  raw: RawSearchParams,
  table: OrderedTable<TData>,
): AuditPageParams {
  const reader = paramReader(raw);
  // Any text: the filter schema judges it, so a bad filter empties the page instead of widening it.
  const given = Object.fromEntries(
    FILTER_PARAMS.map((name) => [name, reader.read(name, z.string(), '')]).filter(([, value]) => value !== undefined),
  );
  const page = reader.read('page', pageParser(), 'showing page 1') ?? 1;
  return {
    filters: parseCandidate(given),
    given,
    page,
    table: readTableParams(reader, table),
    issues: reader.finish('page'),
  };
}
