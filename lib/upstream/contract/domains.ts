/**
 * Domain writes (POST /admin/ra/domains, PUT and DELETE /admin/ra/domains/{id}); the spec gives
 * neither body nor answer. The record and write body are `domainSchema` / `domainWriteSchema`.
 */
import { z } from 'zod';
import { domainSchema, type Domain } from '@/lib/upstream/contract';

/**
 * ASSUMPTION: each write answers the domain record (react-admin's convention: the created, the
 * updated, the deleted record); any other 2xx body still means done, and the console reads the
 * list back either way.
 */
export const domainWriteResultSchema = z.unknown().transform((body): Domain | null => {
  const parsed = domainSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
});
