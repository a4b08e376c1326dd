/**
 * The bulk actions: the message operations (lib/upstream/message-operations.ts, where their
 * calls are written once) and marking users verified, under the names and labels the jobs use,
 * with the kind of item each acts on. How each kind is read and sent is in item-kinds.ts (server
 * only); the browser imports the names from ./action-names.ts (no zod there).
 */
import { z } from 'zod';
import { JOB_ACTIONS } from './action-names';

export { operationPath } from '@/lib/upstream/message-operations';

export * from './action-names';

export const jobActionSchema = z.enum(JOB_ACTIONS);
