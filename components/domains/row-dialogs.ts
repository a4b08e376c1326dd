import { z } from 'zod';

/** The dialogs a domain row's buttons open (domains-table.tsx), caught by DomainRowDialogs. */
export const DOMAIN_ROW_DIALOGS = { edit: 'domain-edit', delete: 'domain-delete' } as const;

/** What a row's buttons carry for the dialog: the domain and its workspace, as the table shows them. */
export const domainRowDataSchema = z.object({
  domainId: z.string().min(1),
  domain: z.string().min(1),
  workspaceGuid: z.string().min(1),
  workspaceLabel: z.string().min(1),
});
export type DomainRowData = z.infer<typeof domainRowDataSchema>;
