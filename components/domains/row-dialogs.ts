/**
 * The dialogs a domain row's buttons open (domains-table.tsx), caught by DomainRowDialogs. No
 * schema here: the host is in the page's first-load JavaScript, the row data's schema is in the
 * dialog's own chunk (domain-row-dialog.tsx).
 */
export const DOMAIN_ROW_DIALOGS = { edit: 'domain-edit', delete: 'domain-delete' } as const;

/** What a row's buttons carry for the dialog: the domain and its workspace, as the table shows them. */
export type DomainRowData = {
  domainId: string;
  domain: string;
  workspaceGuid: string;
  workspaceLabel: string;
};
