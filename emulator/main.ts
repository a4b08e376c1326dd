/**
 * `npm run emulator`: the stand-in voice service as its own process. Settings come from the
 * environment (and .env when present; real environment variables win), see .env.example.
 */
import { existsSync } from 'node:fs';
import { readConfigFromEnv } from './config';
import { startEmulator } from './server';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = readConfigFromEnv(process.env);
  const emulator = await startEmulator(config);
  const { database } = emulator.startup;
  const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
  console.log(
    `[emulator] ${emulator.url} ready: preset ${config.preset}, seed ${config.seed}; data ` +
      `${database.generated ? 'generated' : 'loaded from cache'} in ${Math.round(database.milliseconds)} ms ` +
      `(${database.snapshotFile}, ${megabytes(database.snapshotBytes)} MB), started in ` +
      `${Math.round(emulator.startup.milliseconds)} ms, heap ${megabytes(process.memoryUsage().heapUsed)} MB`,
  );

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      emulator.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('[emulator] stop failed:', error);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error('[emulator] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
