/**
 * Vitest global setup: one PostgreSQL server for the whole run (see postgres.ts) and the migrated
 * template databases the test files copy (template-databases.ts), removed and stopped at the end.
 */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres';
import { makeTemplateDatabases } from './template-databases';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestPostgres();
  if (server.postgres.skipReason)
    console.warn(`[tests] PostgreSQL tests will be skipped: ${server.postgres.skipReason}`);
  project.provide('testPostgres', server.postgres);
  const templates = await makeTemplateDatabases(server.postgres);
  project.provide('templateDatabases', templates.templates);
  return async () => {
    await templates.remove();
    await server.stop();
  };
}
