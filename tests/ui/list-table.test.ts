/**
 * The one table (components/data-table/list-table.tsx), a TanStack table rendered as the server
 * renders it: what the columns, the URL's column choice, the order and selection put into the markup.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListTable, type ListTableProps } from '@/components/data-table/list-table';
import type { ConsoleColumn } from '@/lib/tables/columns';

interface Row {
  id: string;
  name: string;
  plan: string;
}

const ROWS: Row[] = [
  { id: 'w1', name: 'Acme <b>bold</b>', plan: 'pro' },
  { id: 'w2', name: 'Globex', plan: 'free' },
];

const COLUMNS: ConsoleColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name, meta: { cellClassName: 'font-medium' } },
  { id: 'plan', header: 'Plan', cell: ({ row }) => row.original.plan },
];

// PagedTable's checkboxes are client parts; any markup stands in for them here.
const SELECTION = {
  page: () => createElement('input', { type: 'checkbox', 'aria-label': 'Select all on this page' }),
  row: (id: string) => createElement('input', { type: 'checkbox', 'aria-label': `Select ${id}` }),
};

const render = (props: Partial<ListTableProps<Row>>) =>
  renderToStaticMarkup(
    createElement(ListTable<Row>, {
      columns: COLUMNS,
      rows: ROWS,
      getRowId: (row) => row.id,
      caption: 'Workspaces',
      empty: 'None.',
      ...props,
    }),
  );

const headers = (html: string) => [...html.matchAll(/<th [^>]*>(.*?)<\/th>/g)].map(([, inner]) => inner);

describe('ListTable', () => {
  it('renders a row per record, ids as data attributes, text as text', () => {
    const html = render({});
    expect(html).toContain('data-row-id="w1"');
    expect(html).toContain('Acme &lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<b>bold</b>');
    expect(headers(html)).toEqual(['Name', 'Plan']);
  });

  it('leaves out the columns the URL hides, in the header and in every row', () => {
    const html = render({ visibility: { plan: false } });
    expect(headers(html)).toEqual(['Name']);
    expect(html).not.toContain('pro');
  });

  it('marks the sorted column for assistive technology, and only it', () => {
    const html = render({ sort: { current: { field: 'plan', order: 'desc' }, default: null } });
    expect(html.match(/aria-sort="[a-z]+"/g)).toEqual(['aria-sort="descending"']);
    expect(html).toMatch(/<th [^>]*aria-sort="descending"[^>]*>Plan<\/th>/);
  });

  it('adds a checkbox per row and one for the page when rows can be selected', () => {
    const html = render({ selection: SELECTION });
    expect(html).toContain('aria-label="Select all on this page"');
    expect(html).toContain('aria-label="Select w1"');
    expect(html).toContain('aria-label="Select w2"');
  });

  it('says why there are no rows across every column, the selection column included', () => {
    const html = render({ rows: [], selection: SELECTION, empty: 'No workspace matches.' });
    expect(html).toMatch(/<td [^>]*colSpan="3"/);
    expect(html).toContain('No workspace matches.');
  });
});
