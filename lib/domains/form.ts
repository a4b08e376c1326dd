/**
 * The domain form's fields, checked by the same schemas in the browser (before any call) and in
 * the server actions (which trust nothing the browser says).
 */
import { z } from 'zod';
import { serviceIdSchema } from '@/lib/upstream/contract';
import { hostnameSchema } from './hostname';

export const domainFieldsSchema = z.object({
  domain: hostnameSchema,
  workspaceGuid: serviceIdSchema('workspace id'),
});
export type DomainFields = z.output<typeof domainFieldsSchema>;

/** The record as the operator saw it when opening the dialog; the action checks it is still so. */
export const domainSeenSchema = z.object({
  domain: z.string().min(1).max(253),
  workspaceGuid: z.string().min(1).max(256),
});
