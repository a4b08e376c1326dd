/**
 * A span exporter speaking OTLP/HTTP with JSON bodies (the protocol's JSON encoding), written
 * here rather than taken from the OTLP exporter package, whose protobuf dependency runs an
 * install script. Spans of one batch go out in one POST; a failed POST drops its batch (traces
 * are best effort) and says so in the log. Sent with node:http rather than fetch, which Next
 * traces: exporting spans must not make spans.
 */
import type { Attributes, AttributeValue, HrTime } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { errorMessage, logger } from './logger';

type ResultCallback = Parameters<SpanExporter['export']>[1];
const SUCCESS = 0;
const FAILED = 1;

type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } };

function anyValue(value: AttributeValue | null | undefined): AnyValue {
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value))
    return { arrayValue: { values: (value as Array<AttributeValue | null | undefined>).map(anyValue) } };
  return { stringValue: String(value ?? '') };
}

function keyValues(attributes: Attributes) {
  return Object.entries(attributes).map(([key, value]) => ({ key, value: anyValue(value) }));
}

function nanos(time: HrTime): string {
  return (BigInt(time[0]) * 1_000_000_000n + BigInt(time[1])).toString();
}

/** The OTLP JSON body for `spans` (one resource and scope per span, as OTLP allows). */
export function otlpJsonBody(spans: ReadableSpan[]) {
  return {
    resourceSpans: spans.map((span) => ({
      resource: { attributes: keyValues(span.resource.attributes as Attributes) },
      scopeSpans: [
        {
          scope: { name: span.instrumentationScope.name, version: span.instrumentationScope.version },
          spans: [
            {
              traceId: span.spanContext().traceId,
              spanId: span.spanContext().spanId,
              parentSpanId: span.parentSpanContext?.spanId ?? '',
              name: span.name,
              // OTLP numbers kinds from 1 (internal); the API from 0.
              kind: span.kind + 1,
              startTimeUnixNano: nanos(span.startTime),
              endTimeUnixNano: nanos(span.endTime),
              attributes: keyValues(span.attributes),
              events: span.events.map((event) => ({
                name: event.name,
                timeUnixNano: nanos(event.time),
                attributes: keyValues(event.attributes ?? {}),
              })),
              status: { code: span.status.code, message: span.status.message ?? '' },
            },
          ],
        },
      ],
    })),
  };
}

function post(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const request = send(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' }, timeout: 10_000 },
      (response) => {
        response.resume();
        response.once('end', () =>
          response.statusCode && response.statusCode < 300
            ? resolve()
            : reject(new Error(`the collector answered ${response.statusCode}`)),
        );
      },
    );
    request.once('timeout', () => request.destroy(new Error('the collector did not answer in time')));
    request.once('error', reject);
    request.end(body);
  });
}

export class OtlpJsonTraceExporter implements SpanExporter {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly url: string) {}

  export(spans: ReadableSpan[], done: ResultCallback): void {
    const sent = post(this.url, JSON.stringify(otlpJsonBody(spans)))
      .then(() => done({ code: SUCCESS }))
      .catch((error: unknown) => {
        logger('tracing').warn({ spans: spans.length, url: this.url }, `could not send spans: ${errorMessage(error)}`);
        done({ code: FAILED, error: error instanceof Error ? error : new Error(String(error)) });
      });
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  async forceFlush(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  shutdown(): Promise<void> {
    return this.forceFlush();
  }
}
