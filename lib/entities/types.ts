/**
 * The shape of an entity as the views need it. Everything here is plain data (no functions, no
 * schemas), so a server page can hand it to client components as props; the registry adds the
 * server-only parts (schema, title) in `EntityDefinition`.
 */

import type { TableDeclaration } from '@/lib/tables/columns';
import type { FilterSpec } from '@/lib/tables/filters';
import type { TimeEncoding } from '@/lib/time';
import type { RaRecord } from '@/lib/upstream/contract';

/** How a field's value is shown, sorted, filtered and exported. */
export type ColumnKind =
  | 'id'
  | 'text'
  | 'email'
  | 'status'
  | 'boolean'
  | TimeEncoding
  | 'number'
  | 'duration'
  | 'url'
  | 'image'
  | 'list'
  /** Objects and anything else without a better kind: compact JSON, as text. */
  | 'json';

/**
 * A column of an entity's records: a TanStack column definition (lib/tables/columns.ts) whose id
 * and accessor are the record's field, with the value's kind in its meta. Plain data, no cell:
 * every entity table renders a cell from its kind (components/entities/entity-list.tsx), and the
 * detail page, export and URL reader read the same definitions.
 */
export interface EntityColumn {
  /** The record's field. */
  id: string;
  accessorKey: string;
  header: string;
  /** The service can order the list by this field. */
  enableSorting: boolean;
  /** Newest or largest first on the first click. */
  sortDescFirst: boolean;
  /** False for the record's id: always shown. */
  enableHiding: boolean;
  meta: {
    label: string;
    kind: ColumnKind;
    /** Left out when the URL does not choose the columns. */
    defaultHidden: boolean;
    /** Exported under the field's name. */
    csv: string;
    /** The field holds ids (one, or a list) of records of this entity: they become links. */
    linkTo?: string;
  };
}

export type SortOrder = 'asc' | 'desc';
export interface SortSpec {
  field: string;
  order: SortOrder;
}

/**
 * A filter of an entity's list: the kinds the service's exact-match `filter` object and its
 * date bounds can take (lib/tables/filters.ts declares every kind a table may have).
 */
export type EntityFilterSpec =
  | (Extract<FilterSpec, { kind: 'enum' | 'boolean' | 'exact' }> & { field: string })
  | (Extract<FilterSpec, { kind: 'date-range' }> & { afterField: string; beforeField: string });

/** A list of other records related to this one: a link into that entity's filtered list. */
export interface RelatedList {
  label: string;
  entity: string;
  /** The filter `param` of the target entity that takes this record's id. */
  param: string;
}

/** An array of objects inside a record (channel members, audio models), shown as a small table. */
export interface NestedTable {
  field: string;
  label: string;
  columns: EntityColumn[];
}

/** The sidebar's icons, by name (components/shell/sidebar-nav.tsx draws them). */
export type NavIcon =
  | 'dashboard'
  | 'stuck'
  | 'messages'
  | 'users'
  | 'workspaces'
  | 'channels'
  | 'notifications'
  | 'domains'
  | 'agents'
  | 'statistics'
  | 'jobs'
  | 'audit'
  | 'approvals'
  | 'rules'
  | 'incidents'
  | 'operators'
  | 'notificationChannels';

/** Where an entity sits in the sidebar: its icon, its place among the areas, what it is for. */
export interface EntityNav {
  icon: NavIcon;
  /** Position in the sidebar, among the other areas (see components/shell/nav-items.ts). */
  order: number;
  purpose: string;
}

/** An entity's list, declared as a table (lib/tables/columns.ts): its columns, filters, search and order. */
export interface EntityView extends TableDeclaration<RaRecord> {
  /** URL segment and /admin/ra resource name. */
  name: string;
  label: string;
  singular: string;
  /** False for an entity the registry does not know (columns inferred from its records). */
  known: boolean;
  columns: EntityColumn[];
  filters: readonly EntityFilterSpec[];
  relatedLists: RelatedList[];
  nested: NestedTable[];
}

/** What a link to a record shows instead of its id (the id stays in the link and on hover). */
export interface EntityName {
  name: string;
  /** People only. */
  email?: string;
}

/**
 * Names of linked records by their detail href (`/users/usr_…`), as a plain object so a server
 * page can hand it to a client table (lib/entities/names.ts reads them).
 */
export type NameRecord = Record<string, EntityName>;
