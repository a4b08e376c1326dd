/**
 * The columns of the entities that have pages of their own (domains, agents): declared here once,
 * read by the registry for their lists and exports and by each page for its cells.
 */
import { entityColumn } from './columns';

/** The domains' columns: the /domains page draws its cells for these (components/domains/domains-table.tsx). */
export const DOMAIN_COLUMNS = [
  entityColumn('id', 'Id', 'id', { sortable: true }),
  entityColumn('domain', 'Domain', 'text', { sortable: true }),
  entityColumn('workspace_guid', 'Workspace', 'id', { sortable: true, linkTo: 'workspaces' }),
  entityColumn('created_at', 'Created', 'iso-datetime', { sortable: true }),
  entityColumn('updated_at', 'Updated', 'iso-datetime', { sortable: true }),
];

/** The agents' columns: the /agents page draws its cells for these (components/agents/agents-table.tsx). */
export const AGENT_COLUMNS = [
  entityColumn('id', 'Id', 'id', { sortable: true }),
  entityColumn('name', 'Name', 'text', { sortable: true }),
  entityColumn('email', 'E-mail', 'email', { sortable: true }),
  entityColumn('creator_id', 'Owner', 'id', { sortable: true, linkTo: 'users' }),
  entityColumn('workspace_guids', 'Workspaces', 'list', { hidden: true, linkTo: 'workspaces' }),
  entityColumn('created_at', 'Created', 'iso-datetime', { sortable: true }),
  entityColumn('deleted_at', 'Deleted', 'iso-datetime', { sortable: true }),
];
