/** What every /admin route module needs. */
import type { EmulatorDatabase } from '../db';
import type { RuntimeSettings } from '../settings';

export interface AdminContext {
  database: EmulatorDatabase;
  settings(): RuntimeSettings;
}

/** The 200-character bound on every id taken from a path, query or body. */
export const MAX_ID_LENGTH = 200;
