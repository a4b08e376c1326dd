/**
 * Spans around the console's own work: service calls, database queries, bulk job items. The
 * tracer is set only when OTEL_EXPORTER_OTLP_ENDPOINT is (./otel.ts loads the SDK then); until
 * then `withSpan` calls its function directly and no OpenTelemetry code is loaded at all.
 */
import type { Attributes, Span, Tracer } from '@opentelemetry/api';

export type SpanAttributes = Attributes;

interface TracingHooks {
  tracer: Tracer;
  /** SpanKind values and the error status code, from the API the SDK loaded. */
  kinds: { internal: number; client: number };
  errorCode: number;
}

const HOOKS = Symbol.for('voice-ops-console.tracing');
type WithHooks = typeof globalThis & { [HOOKS]?: TracingHooks };

export function setTracing(hooks: TracingHooks): void {
  (globalThis as WithHooks)[HOOKS] = hooks;
}

export function tracingEnabled(): boolean {
  return (globalThis as WithHooks)[HOOKS] !== undefined;
}

/**
 * Runs `fn` in a span (a child of the current one; `root` starts a trace of its own). The span
 * ends when `fn` settles and records a thrown error. `fn` gets the span to add attributes to,
 * or null when tracing is off.
 */
export function withSpan<T>(
  name: string,
  options: { attributes?: SpanAttributes; kind?: 'internal' | 'client'; root?: boolean },
  fn: (span: Span | null) => Promise<T>,
): Promise<T> {
  const hooks = (globalThis as WithHooks)[HOOKS];
  if (!hooks) return fn(null);
  return hooks.tracer.startActiveSpan(
    name,
    { attributes: options.attributes, kind: hooks.kinds[options.kind ?? 'internal'], root: options.root },
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: hooks.errorCode, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** A console database statement as a span (its first words name it; parameters stay out). */
export function tracedQuery<T>(sql: string, run: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return run();
  const statement = sql.trim().replace(/\s+/g, ' ');
  return withSpan(
    `db ${statement.split(' ', 1)[0]!.toUpperCase()}`,
    { kind: 'client', attributes: { 'db.system.name': 'postgresql', 'db.query.text': statement.slice(0, 300) } },
    run,
  );
}
