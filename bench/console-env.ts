/**
 * The environment of a console the bench starts (`bench/run.ts`, `bench/ab-cpu.ts`): a production
 * server signed in against the emulator at `emulatorUrl`, with its own database folder and a
 * session idle timeout longer than any run.
 */
export function benchConsoleEnv(options: {
  consoleUrl: string;
  emulatorUrl: string;
  secret: string;
  dataDir: string;
  base: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv {
  const { consoleUrl, emulatorUrl, secret, dataDir, base } = options;
  return {
    ...base,
    NODE_ENV: 'production',
    NEXTAUTH_URL: consoleUrl,
    NEXTAUTH_SECRET: secret,
    VOICE_BASE_URL: emulatorUrl,
    VOICE_AUTH_URL: emulatorUrl,
    VOICE_TOKEN_URL: `${emulatorUrl}/oauth/token`,
    VOICE_IDENTITY_URL: `${emulatorUrl}/identity`,
    VOICE_ISSUER: emulatorUrl,
    CONSOLE_DATA_DIR: dataDir,
    CONSOLE_SESSION_IDLE_MINUTES: '1440',
  };
}
