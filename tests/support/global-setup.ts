/** Vitest global setup: one PostgreSQL server for the whole run (see postgres.ts), stopped at the end. */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestPostgres();
  if (server.postgres.skipReason)
    console.warn(`[tests] PostgreSQL tests will be skipped: ${server.postgres.skipReason}`);
  project.provide('testPostgres', server.postgres);
  return server.stop;
}
