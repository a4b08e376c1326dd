/**
 * The e2e stack's start (playwright.config.ts): the console's database directory replaced by a
 * copy of the migrated template (e2e/console-db-template.ts), so each run starts on an empty
 * database without an initdb, then `npm start`'s own script with the stack's settings.
 */
import { consoleDbSettings } from '../lib/db/settings';
import { copyConsoleDbTemplate, ensureConsoleDbTemplate } from './console-db-template';

async function main(): Promise<void> {
  await ensureConsoleDbTemplate();
  copyConsoleDbTemplate(consoleDbSettings().dataDir);
  await import('../scripts/start');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
