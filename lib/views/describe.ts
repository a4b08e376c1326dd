/**
 * A saved view's filter in words, for the views page: each of its table's declared filters
 * (TableDeclaration.filters, the same declarations the filter bar draws) that the view's URL sets,
 * as "Label: value", and the order and column choice when the URL makes one.
 */
import { AUDIT_FILTERS } from '@/lib/audit/filters';
import { LIST_PARAMS, splitColumnKeys } from '@/lib/entities/list-state';
import { findEntity } from '@/lib/entities/registry';
import { OPERATOR_FILTERS } from '@/lib/operators/search-params';
import { DATE_RANGE_PARAMS, type FilterSpec } from '@/lib/tables/filters';
import { AGE_BUCKETS, ARTIFACTS } from '@/lib/triage/stuck-rules';
import { STUCK_FILTERS } from '@/lib/triage/search-params';
import type { ViewTable } from './tables';

/** The stuck queue's groups that its page's links set rather than its bar, declared as the bar's filters are. */
const STUCK_GROUPS = [
  {
    kind: 'multi',
    param: 'age',
    label: 'Age',
    options: AGE_BUCKETS.map((bucket) => ({ value: bucket.id, label: bucket.label })),
  },
  {
    kind: 'multi',
    param: 'missing',
    label: 'Missing',
    options: ARTIFACTS.map((artifact) => ({ value: artifact.id, label: artifact.label })),
  },
] as const satisfies readonly FilterSpec[];

const SEARCH: FilterSpec = { kind: 'text', param: LIST_PARAMS.q, label: 'Search', placeholder: '', maxLength: 200 };

function declaredFilters(table: ViewTable): readonly FilterSpec[] {
  switch (table.kind) {
    case 'stuck':
      return [...STUCK_FILTERS, ...STUCK_GROUPS];
    case 'audit':
      return AUDIT_FILTERS;
    case 'operators':
      return [SEARCH, ...OPERATOR_FILTERS];
    case 'jobs':
      return [];
    case 'entity':
      return [SEARCH, ...(findEntity(table.id)?.filters ?? [])];
  }
}

/** An entity column's label; the other tables' column ids are their names in words already. */
function columnWords(table: ViewTable, id: string): string {
  const column = table.kind === 'entity' ? findEntity(table.id)?.columns.find((each) => each.id === id) : undefined;
  return column?.header ?? id;
}

function valueInWords(filter: FilterSpec, values: readonly string[]): string {
  switch (filter.kind) {
    case 'multi':
      return values.map((value) => filter.options.find((option) => option.value === value)?.label ?? value).join(', ');
    case 'boolean':
      return values[0] === 'true' ? 'yes' : 'no';
    case 'number':
      return `${values[0]}`;
    default:
      return values.join(', ');
  }
}

/** The view's filters, order and column choice in words; empty when it shows the table as it opens. */
export function describeViewFilters(table: ViewTable, href: string): string[] {
  const params = new URL(href, 'http://console.invalid').searchParams;
  const words: string[] = [];
  for (const filter of declaredFilters(table)) {
    if (filter.kind === 'date-range') {
      const from = params.get(DATE_RANGE_PARAMS.from);
      const to = params.get(DATE_RANGE_PARAMS.to);
      if (from || to)
        words.push(`${filter.label}: ${from && to ? `${from} to ${to}` : from ? `from ${from}` : `until ${to}`}`);
      continue;
    }
    const values = params.getAll(filter.param).filter((value) => value.trim() !== '');
    if (values.length > 0) words.push(`${filter.label}: ${valueInWords(filter, values)}`);
  }
  const sort = params.get(LIST_PARAMS.sort);
  if (sort) {
    const [field = '', order] = sort.split('.');
    words.push(`Ordered by ${columnWords(table, field)}, ${order === 'asc' ? 'ascending' : 'descending'}`);
  }
  const cols = params.get(LIST_PARAMS.cols);
  if (cols)
    words.push(
      `Columns: ${splitColumnKeys(cols)
        .map((id) => columnWords(table, id))
        .join(', ')}`,
    );
  return words;
}
