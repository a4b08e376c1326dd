/** The Grafana dashboard and the alert rules in docs/operations/ name only metrics the console exports. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metrics } from '@/lib/observability/metrics';

const PROMQL_FUNCTIONS = new Set([
  'sum',
  'rate',
  'max',
  'min',
  'by',
  'le',
  'histogram_quantile',
  'clamp_min',
  'and',
  'or',
  'label_values',
  'up',
]);

/** Metric names in PromQL: identifiers followed by `{`, `[`, `)` or a comparison, minus functions and labels. */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""').replace(/\{[^}]*\}/g, '{}');
  const names = withoutStrings.match(/[a-z_][a-z0-9_]*(?=\s*(\{|\[|\)|\s*[<>=!]|\s*\/|$|,))/g) ?? [];
  return names.filter(
    (name) =>
      !PROMQL_FUNCTIONS.has(name) &&
      (name.startsWith('console_') || name.startsWith('process_') || name.startsWith('nodejs_')),
  );
}

async function exported(): Promise<Set<string>> {
  const families = await metrics().registry.getMetricsAsJSON();
  const names = new Set<string>();
  for (const family of families) {
    names.add(family.name);
    if (String(family.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(family.name + suffix);
    if (String(family.type) === 'summary') for (const suffix of ['_sum', '_count']) names.add(family.name + suffix);
  }
  return names;
}

describe('the operations docs', () => {
  it('the dashboard and alert rules name only exported metrics, and use most of them', async () => {
    const dashboard = JSON.parse(readFileSync('docs/operations/grafana-dashboard.json', 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const rules = readFileSync('docs/operations/prometheus-alerts.yml', 'utf8');
    const exprs = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
      ...[...rules.matchAll(/^\s+expr: (.+)$/gm)].map((match) => match[1]!),
    ];
    const named = new Set(exprs.flatMap(metricNames));
    const available = await exported();
    expect([...named].filter((name) => !available.has(name))).toEqual([]);
    expect(named.size).toBeGreaterThanOrEqual(15);
  });
});
