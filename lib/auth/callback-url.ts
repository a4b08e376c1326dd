import { consoleEnv } from '@/lib/env';
import { safeCallbackPath } from './safe-path';

export { safeCallbackPath };

/** Where to send the operator after sign-in: always an absolute URL on the console's own origin. */
export function callbackUrlOnConsole(value: unknown, consoleUrl: string = consoleEnv().NEXTAUTH_URL): string {
  return new URL(safeCallbackPath(value), consoleUrl).toString();
}
