/** The dashboard's settings, read from the environment (see .env.example and the README). */

export const DEFAULT_STUCK_ALERT_COUNT = 10;
/** The dashboard re-reads itself this often unless the URL says otherwise (`?refresh=0` pauses). */
export const DASHBOARD_REFRESH_SECONDS = 60;

/**
 * DASHBOARD_STUCK_ALERT_COUNT: from this many messages stuck in one status, its count shows as an
 * alert (red); fewer but some show as a warning (amber); none as fine (green). A whole number
 * from 1, else 10.
 */
export function stuckAlertCount(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.DASHBOARD_STUCK_ALERT_COUNT);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_STUCK_ALERT_COUNT;
}

/**
 * The alert count the stuck cards are coloured by: the dashboard rule's line (made from
 * DASHBOARD_STUCK_ALERT_COUNT on a first start, "above one fewer"), from one above it; the
 * setting when that rule was deleted or no longer counts "above".
 */
export function dashboardAlertCount(
  rule: { condition: { kind: string; count?: number } } | null,
  env: Record<string, string | undefined> = process.env,
): number {
  return rule?.condition.kind === 'above' && rule.condition.count !== undefined
    ? rule.condition.count + 1
    : stuckAlertCount(env);
}

export type Severity = 'ok' | 'warning' | 'alert';

export function stuckSeverity(count: number, alertAt: number): Severity {
  if (count <= 0) return 'ok';
  return count >= alertAt ? 'alert' : 'warning';
}
