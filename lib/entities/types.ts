/**
 * The shape of an entity as the views need it. Everything here is plain data (no functions, no
 * schemas), so a server page can hand it to client components as props; the registry adds the
 * server-only parts (schema, title) in `EntityDefinition`.
 */

import type { TimeEncoding } from '@/lib/time';

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

export interface ColumnSpec {
  /** The record's field. */
  key: string;
  label: string;
  kind: ColumnKind;
  /** The service can order the list by this field. */
  sortable: boolean;
  /** Shown when the URL does not choose the columns. */
  visible: boolean;
  /** The field holds ids (one, or a list) of records of this entity: they become links. */
  linkTo?: string;
}

export type SortOrder = 'asc' | 'desc';
export interface SortSpec {
  field: string;
  order: SortOrder;
}

/**
 * A filter of the list view. `param` is its name in the console's URL; `field` the exact-match
 * field of the service's `filter` object it becomes.
 */
export type FilterSpec =
  | { kind: 'enum'; param: string; field: string; label: string; options: readonly string[] }
  | { kind: 'boolean'; param: string; field: string; label: string }
  /** An exact value typed or pasted (ids, codes). */
  | { kind: 'exact'; param: string; field: string; label: string; linkTo?: string }
  /**
   * Day bounds in the URL (`from`, `to`: `YYYY-MM-DD`, UTC days, both inclusive), sent as epoch
   * milliseconds: `afterField` inclusive start, `beforeField` exclusive end.
   */
  | { kind: 'date-range'; label: string; afterField: string; beforeField: string };

/** The URL names of the date-range bounds (one date range per entity at most). */
export const DATE_RANGE_PARAMS = { from: 'from', to: 'to' } as const;

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
  columns: ColumnSpec[];
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
  | 'incidents';

/** Where an entity sits in the sidebar: its icon, its place among the areas, what it is for. */
export interface EntityNav {
  icon: NavIcon;
  /** Position in the sidebar, among the other areas (see components/shell/nav-items.ts). */
  order: number;
  purpose: string;
}

export interface EntityView {
  /** URL segment and /admin/ra resource name. */
  name: string;
  label: string;
  singular: string;
  /** False for an entity the registry does not know (columns inferred from its records). */
  known: boolean;
  columns: ColumnSpec[];
  /** Null: the service's own default order. */
  defaultSort: SortSpec | null;
  filters: FilterSpec[];
  /** What free text `q` searches, for the search box's label; null when there is no search. */
  searchHint: string | null;
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
