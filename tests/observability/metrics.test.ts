/** The metrics registry: every family the dashboard and alert rules need, in Prometheus' text format. */
import { describe, expect, it } from 'vitest';
import { metrics, operationName } from '@/lib/observability/metrics';
import { scrapeAllowed } from '@/lib/observability/scrape';

describe('the metrics registry', () => {
  it('renders the console families and process metrics, and counts what it is told', async () => {
    const m = metrics();
    m.serviceCalls.observe({ operation: 'GET /admin/ra/messages', status: '200' }, 0.012);
    m.jobItems.inc({ outcome: 'ok' });
    const text = await m.registry.metrics();
    expect(text).toContain(
      'console_service_call_duration_seconds_count{operation="GET /admin/ra/messages",status="200"} 1',
    );
    expect(text).toContain('console_job_items_total{outcome="ok"} 1');
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(metrics()).toBe(m);
  });

  it('names an operation without the ids in its path', () => {
    expect(operationName('GET', '/admin/ra/messages/0f8c2a9e-1111-2222-3333-444455556666')).toBe(
      'GET /admin/ra/messages/:id',
    );
    expect(operationName('POST', '/admin/messages/12345/reprocess?x=1')).toBe('POST /admin/messages/:id/reprocess');
  });

  it('lets a scraper in with the token, or from loopback when none is set', () => {
    expect(scrapeAllowed(null, '127.0.0.1', undefined)).toBe(true);
    expect(scrapeAllowed(null, '::ffff:127.0.0.1', undefined)).toBe(true);
    expect(scrapeAllowed(null, '10.0.0.5', undefined)).toBe(false);
    expect(scrapeAllowed(null, undefined, undefined)).toBe(false);
    const token = 'scrape-token-0123456789';
    expect(scrapeAllowed(`Bearer ${token}`, '10.0.0.5', token)).toBe(true);
    expect(scrapeAllowed('Bearer wrong-token-0123456789', '127.0.0.1', token)).toBe(false);
    expect(scrapeAllowed(null, '127.0.0.1', token)).toBe(false);
  });
});
