/**
 * Each table is declared once (lib/tables/columns.ts): what the page renders as columns, what the
 * URL may name as its columns and order, what the filter bar offers and what the CSV export
 * writes all come from that declaration. Changing the declaration changes every one of them.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar } from '@/components/data-table/filters/filter-bar';
import { ListTable } from '@/components/data-table/list-table';
import { AUDIT_TABLE } from '@/components/audit/audit-cells';
import { JOBS_TABLE } from '@/components/jobs/jobs-table';
import { STUCK_TABLE } from '@/components/triage/stuck-table';
import { REPORTS, reportCsv } from '@/lib/accounts/reports';
import { CSV_BOM, csvRecord } from '@/lib/csv';
import { AGENT_COLUMNS, DOMAIN_COLUMNS, ENTITIES, declaredEntityView } from '@/lib/entities/registry';
import { AgentsTable } from '@/components/agents/agents-table';
import { RollupTable } from '@/components/agents/rollup-table';
import { DomainsTable } from '@/components/domains/domains-table';
import { ROLLUP_VIEW } from '@/lib/agents/rollup';
import { activeUsersView } from '@/lib/accounts/active-users';
import { parseListParams } from '@/lib/entities/list-params';
import { paramReader } from '@/lib/search-params';
import { readTableParams, type OrderedTable } from '@/lib/search-params/table';
import {
  columnId,
  columnLabel,
  columnVisibility,
  isShown,
  sortableIds,
  type ConsoleColumn,
} from '@/lib/tables/columns';
import { csvColumns, csvHeader } from '@/lib/tables/csv';
import { filterParamNames, type FilterSpec } from '@/lib/tables/filters';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: () => undefined, replace: () => undefined }),
  usePathname: () => '/list',
  // The filter bar's "Save view" reads the page's query.
  useSearchParams: () => new URLSearchParams(),
}));

/** The names of the fields the one filter bar draws for these filters, as the server renders it. */
function filterFieldNames(filters: readonly FilterSpec[], searchHint: string | null): string[] {
  const html = renderToStaticMarkup(
    createElement(FilterBar, { action: '/list', label: 'Filters', filters, searchHint, values: {}, keep: {} }),
  );
  return [...new Set([...html.matchAll(/<(?:input|select)[^>]* name="([^"]+)"/g)].map(([, name]) => name!))];
}

const headers = (html: string) =>
  [...html.matchAll(/<th [^>]*>(.*?)<\/th>/g)].map(([, inner]) => inner!.replace(/<[^>]+>/g, ''));

/** The table rendered with no rows, as the server renders it, with the given declaration's columns. */
function renderedHeaders<TData extends object>(
  columns: readonly ConsoleColumn<TData>[],
  visibility: Record<string, boolean>,
): string[] {
  return headers(
    renderToStaticMarkup(
      createElement(ListTable<TData>, {
        columns,
        rows: [],
        getRowId: () => '',
        caption: 'x',
        empty: 'none',
        visibility,
      }),
    ),
  );
}

/** A copy of a declaration with one more column, sortable, exported, and one filter more. */
function withExtra<TData extends object>(table: OrderedTable<TData>): OrderedTable<TData> {
  const extra: ConsoleColumn<TData> = {
    id: 'extra_col',
    header: 'Extra column',
    enableSorting: true,
    accessorFn: () => 'x',
    meta: { csv: 'extra_field' },
  };
  return {
    ...table,
    columns: [...table.columns, extra],
    filters: [...table.filters, { kind: 'exact', param: 'extra', field: 'extra', label: 'Extra' }],
  };
}

const DECLARED: Record<string, OrderedTable<never>> = {
  jobs: JOBS_TABLE as OrderedTable<never>,
  audit: AUDIT_TABLE as OrderedTable<never>,
  stuck: STUCK_TABLE as OrderedTable<never>,
};

describe.each(Object.entries(DECLARED))('the %s table', (_name, table) => {
  it('renders exactly the declared columns it shows, in order', () => {
    const shown = table.columns.filter(isShown);
    expect(renderedHeaders(table.columns, columnVisibility(table.columns, null))).toEqual(shown.map(columnLabel));
    const extended = withExtra(table);
    expect(renderedHeaders(extended.columns, columnVisibility(extended.columns, null))).toEqual([
      ...shown.map(columnLabel),
      'Extra column',
    ]);
  });

  it('reads its order and shown columns from the declaration', () => {
    const extended = withExtra(table);
    const params = readTableParams(paramReader({ sort: 'extra_col.asc', cols: 'extra_col' }), extended);
    expect(params.sort).toEqual({ field: 'extra_col', order: 'asc' });
    expect(
      Object.entries(params.visibility)
        .filter(([, shown]) => shown)
        .map(([id]) => id),
    ).toEqual(
      extended.columns
        .filter((column) => column.enableHiding === false)
        .map(columnId)
        .concat('extra_col'),
    );
    expect(sortableIds(extended.columns)).toContain('extra_col');
  });

  it('draws its filter bar from the declared filters', () => {
    const extended = withExtra(table);
    expect(filterFieldNames(table.filters, table.searchHint)).toEqual(filterParamNames(table.filters));
    expect(filterFieldNames(extended.filters, extended.searchHint)).toEqual([
      ...filterParamNames(table.filters),
      'extra',
    ]);
  });

  it('exports the declared CSV fields', () => {
    const extended = withExtra(table);
    expect(csvHeader(csvColumns(extended.columns))).toBe(
      csvHeader(csvColumns(table.columns)).replace(
        /\r\n$/,
        table.columns.some((column) => column.meta?.csv) ? ',extra_field\r\n' : 'extra_field\r\n',
      ),
    );
  });
});

describe('the entity lists', () => {
  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))(
    '%s: renders, sorts, filters and exports from its registry declaration',
    (_name, entity) => {
      const visibility = columnVisibility(entity.columns, null);
      expect(renderedHeaders(entity.columns, visibility)).toEqual(
        entity.columns.filter((column) => visibility[column.id]).map((column) => column.meta.label),
      );
      expect(csvHeader(csvColumns(entity.columns, visibility))).toBe(
        CSV_BOM + csvRecord(entity.columns.filter((column) => visibility[column.id]).map((column) => column.id)),
      );
      const extended = {
        ...entity,
        columns: [
          ...entity.columns,
          {
            ...entity.columns[1]!,
            id: 'extra_col',
            accessorKey: 'extra_col',
            header: 'Extra',
            enableSorting: true,
            meta: { ...entity.columns[1]!.meta, label: 'Extra', csv: 'extra_col' },
          },
        ],
        filters: [...entity.filters, { kind: 'exact' as const, param: 'extra', field: 'extra', label: 'Extra' }],
      };
      expect(filterFieldNames(extended.filters, extended.searchHint)).toEqual([
        ...(entity.searchHint === null ? [] : ['q']),
        ...filterParamNames(entity.filters),
        'extra',
      ]);
      const { state, issues } = parseListParams(extended, { sort: 'extra_col.desc', cols: 'extra_col', extra: 'v' });
      expect(issues).toEqual([]);
      expect(state).toMatchObject({
        sort: { field: 'extra_col', order: 'desc' },
        cols: ['extra_col'],
        filters: { extra: 'v' },
      });
    },
  );
});

describe('the account reports', () => {
  /** The CSV fields each report wrote when it kept a `{ key, label }` list of its own. */
  const FIELDS: Record<string, string> = {
    'orphaned-channels': 'id,channel_name,dangling_references,workspace_guid,owner_guid',
    'orphaned-notifications': 'id,type,dangling_references,user_id,workspace_id,channel_id,message_id,created_at',
    noworkspace: 'id,email,first_name,last_name,idp_provider,last_active_at',
    'idp-not-in-workspace': 'id,email,first_name,last_name,idp_provider,last_active_at',
  };

  it.each(Object.values(REPORTS).map((report) => [report.name, report] as const))(
    '%s: renders and exports its declared columns',
    (name, report) => {
      expect(renderedHeaders(report.columns, columnVisibility(report.columns, null))).toEqual(
        report.columns.map(columnLabel),
      );
      expect(reportCsv(report, [])).toBe(csvHeader(csvColumns(report.columns)));
      expect(reportCsv(report, [])).toBe(`${CSV_BOM}${FIELDS[name]}\r\n`);
      const row = { id: 'r1', dangling_references: ['workspace_guid', 'owner_guid'] };
      expect(reportCsv(report, [row]).split('\r\n')[1]).toBe(
        csvRecord(
          csvColumns(report.columns).map((column) => {
            const value = (row as Record<string, unknown>)[columnId(column)];
            return Array.isArray(value) ? value.join(' ') : value;
          }),
        ).replace(/\r\n$/, ''),
      );
    },
  );
});

describe('the pages that draw their own cells for declared columns', () => {
  const noPermission = { allowed: false, reason: 'test' } as const;
  const list = (name: string) => ({
    view: declaredEntityView(name),
    q: '',
    filters: {},
    active: [],
    keep: {},
    rows: [],
    total: 0,
    page: 1,
    size: 25,
    sort: null,
    empty: 'none',
  });
  const PAGES = [
    {
      name: '/domains',
      declared: DOMAIN_COLUMNS,
      shown: ['domain', 'workspace_guid', 'created_at', 'updated_at'],
      after: ['Actions'],
      render: () => createElement(DomainsTable, { ...list('domains'), write: noPermission, deleteApproval: null }),
    },
    {
      name: '/agents',
      declared: AGENT_COLUMNS,
      shown: ['name', 'creator_id', 'workspace_guids', 'created_at', 'deleted_at'],
      after: [],
      render: () => createElement(AgentsTable, { ...list('agents'), titles: {} }),
    },
    {
      name: '/agents/humans',
      declared: ROLLUP_VIEW.columns,
      shown: ['creatorId', 'agents', 'deletedShare', 'newestAt'],
      after: [],
      render: () => createElement(RollupTable, { rows: [], titles: {}, total: 0, page: 1, size: 25, sort: null }),
    },
  ];

  it.each(PAGES.map((page) => [page.name, page] as const))(
    '%s: its headers are the declaration’s labels, and follow it when it changes',
    (_name, { declared, shown, after, render }) => {
      const labelsOf = (ids: readonly string[]) =>
        ids.map((id) => declared.find((column) => column.id === id)?.meta.label ?? `undeclared ${id}`);
      expect(headers(renderToStaticMarkup(render()))).toEqual([...labelsOf(shown), ...after]);
      const saved = declared.map((column) => ({ header: column.header, label: column.meta.label }));
      try {
        for (const column of declared) {
          column.header = `Declared ${column.id}`;
          column.meta.label = `Declared ${column.id}`;
        }
        expect(headers(renderToStaticMarkup(render()))).toEqual([...shown.map((id) => `Declared ${id}`), ...after]);
      } finally {
        declared.forEach((column, index) => {
          column.header = saved[index]!.header;
          column.meta.label = saved[index]!.label;
        });
      }
    },
  );

  it('reads the URL and writes the CSV from the same declaration the page draws', () => {
    expect(declaredEntityView('domains').columns).toBe(DOMAIN_COLUMNS);
    expect(declaredEntityView('agents').columns).toBe(AGENT_COLUMNS);
    expect(csvHeader(csvColumns(declaredEntityView('domains').columns))).toBe(
      CSV_BOM + csvRecord(DOMAIN_COLUMNS.map((column) => column.meta.csv)),
    );
    expect(sortableIds(ROLLUP_VIEW.columns)).toEqual(['agents', 'deletedShare', 'newestAt']);
    expect(activeUsersView().columns).toBe(declaredEntityView('users').columns);
  });
});
