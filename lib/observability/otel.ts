/**
 * Starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set: a Node tracer provider registered
 * globally, so Next's own spans (the request, its rendering, route handlers, actions) and the
 * console's (./tracing.ts) form one trace per request, sent in batches to the collector's
 * OTLP/HTTP endpoint (`/v1/traces`) as JSON (./otlp-json.ts). Imported only when the setting is
 * set (lib/server/start.ts).
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { logger } from './logger';
import { OtlpJsonTraceExporter } from './otlp-json';
import { setTracing } from './tracing';

export async function startTracing(endpoint: string, serviceName: string): Promise<() => Promise<void>> {
  const exporter = new OtlpJsonTraceExporter(`${endpoint.replace(/\/+$/, '')}/v1/traces`);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  provider.register();
  setTracing({
    tracer: trace.getTracer('voice-ops-console'),
    kinds: { internal: SpanKind.INTERNAL, client: SpanKind.CLIENT },
    errorCode: SpanStatusCode.ERROR,
  });
  logger('tracing').info({ endpoint }, 'sending traces over OTLP/HTTP');
  return () => provider.shutdown();
}
