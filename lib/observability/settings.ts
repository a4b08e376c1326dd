/**
 * Settings of the console's logs, metrics, traces and the addresses it trusts (see
 * .env.example). Read once per process; checked with every other setting at start
 * (lib/server/settings-check.ts).
 */
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from '@/lib/security/client-address';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema);

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

export const observabilityEnvSchema = z.object({
  /** `json` (the production default) or `pretty` (one readable line per entry). */
  LOG_FORMAT: setting(z.enum(['json', 'pretty']).optional()),
  LOG_LEVEL: setting(z.enum(LOG_LEVELS).default('info')),
  /** The bearer token a scraper sends to GET /api/metrics; unset: loopback only. */
  METRICS_TOKEN: setting(z.string().min(16, 'at least 16 characters').optional()),
  /** Peers whose X-Forwarded-For is believed: IP addresses or CIDR ranges, comma-separated. */
  TRUSTED_PROXIES: setting(
    z
      .string()
      .default('')
      .transform((value, context) => {
        const parsed = parseTrustedProxies(value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
  ),
  /** OTLP/HTTP base URL of a trace collector; unset: no tracing code is loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: setting(z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: setting(z.string().min(1).default('voice-ops-console')),
});

export interface ObservabilitySettings {
  logFormat: 'json' | 'pretty';
  logLevel: (typeof LOG_LEVELS)[number];
  metricsToken: string | undefined;
  trustedProxies: TrustedProxies;
  otlpEndpoint: string | undefined;
  serviceName: string;
}

let cached: ObservabilitySettings | undefined;

/**
 * Lenient where the logger needs it: a bad value falls back (the start-up check reports it).
 * The process's own settings are read once.
 */
export function observabilitySettings(env?: Record<string, string | undefined>): ObservabilitySettings {
  if (env) return readSettings(env);
  cached ??= readSettings(process.env);
  return cached;
}

function readSettings(env: Record<string, string | undefined>): ObservabilitySettings {
  const shape = observabilityEnvSchema.shape;
  const format = shape.LOG_FORMAT.safeParse(env.LOG_FORMAT);
  const level = shape.LOG_LEVEL.safeParse(env.LOG_LEVEL);
  const token = shape.METRICS_TOKEN.safeParse(env.METRICS_TOKEN);
  const proxies = shape.TRUSTED_PROXIES.safeParse(env.TRUSTED_PROXIES);
  const endpoint = shape.OTEL_EXPORTER_OTLP_ENDPOINT.safeParse(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const service = shape.OTEL_SERVICE_NAME.safeParse(env.OTEL_SERVICE_NAME);
  return {
    logFormat: (format.success ? format.data : undefined) ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    logLevel: level.success ? level.data : 'info',
    metricsToken: token.success ? token.data : undefined,
    trustedProxies: proxies.success ? proxies.data : [],
    otlpEndpoint: endpoint.success ? endpoint.data : undefined,
    serviceName: service.success ? service.data : 'voice-ops-console',
  };
}
