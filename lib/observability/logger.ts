/**
 * The one logger of the console server, its job runner and sampler, and `npm start`: pino, one
 * JSON line per entry (LOG_FORMAT=json, the production default) or one readable line
 * (LOG_FORMAT=pretty). Each line carries the request id and operator of the request it belongs
 * to. Tokens, cookies and secrets are removed by key wherever they appear in a logged object.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { redactSecrets } from './redact';
import { currentRequest } from './request-context';
import { observabilitySettings } from './settings';

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const HIDDEN_IN_PRETTY = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'component']);

/** One readable line from one JSON entry: `12:00:01 INFO  [jobs] message key=value`. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const level = (
    typeof entry.level === 'string' ? entry.level.toUpperCase() : (LEVEL_NAMES[Number(entry.level)] ?? '')
  ).padEnd(5);
  const component = typeof entry.component === 'string' ? `[${entry.component}] ` : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN_IN_PRETTY.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${time} ${level} ${component}${String(entry.msg ?? '')}${fields.length ? ` ${fields.join(' ')}` : ''}\n`;
}

function destination(format: 'json' | 'pretty'): DestinationStream {
  // JSON lines go out through pino's buffered asynchronous writer, flushed at exit.
  if (format === 'json') return pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return { write: (line: string) => process.stdout.write(prettyLine(line)) };
}

/** A logger writing to `stream` (tests); the process's own is `logger()`. */
export function createLogger(
  options: { level?: string; stream?: DestinationStream; format?: 'json' | 'pretty' } = {},
): Logger {
  const settings = observabilitySettings();
  const format = options.format ?? settings.logFormat;
  return pino(
    {
      level: options.level ?? settings.logLevel,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: redactSecrets },
      // The error serializer copies an error's own fields (a response's headers, say) into the
      // line after the formatters ran: they are censored here.
      serializers: { err: (error: Error) => redactSecrets(pino.stdSerializers.err(error)) },
      // Cheap: one lookup in the async context per line.
      mixin() {
        const request = currentRequest();
        if (!request) return {};
        return request.operatorId
          ? { requestId: request.requestId, operatorId: request.operatorId }
          : { requestId: request.requestId };
      },
    },
    options.stream ?? destination(format),
  );
}

const ROOT = Symbol.for('voice-ops-console.logger');
type WithLogger = typeof globalThis & { [ROOT]?: Logger };

/** The process's logger, or a part's child (`logger('jobs')`) whose lines name the part. */
export function logger(component?: string): Logger {
  const holder = globalThis as WithLogger;
  holder[ROOT] ??= createLogger();
  return component ? holder[ROOT].child({ component }) : holder[ROOT];
}

/** An error's message, for the line's text; the error itself goes in as `err`. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
