/** The period's anomalies with their reasons, and the days that could not be judged and why. */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DEFAULT_ANOMALY_RULES, type AnomalyReport } from '@/lib/statistics/anomalies';

const span = (days: string[]) => (days.length === 1 ? days[0] : `${days[0]} to ${days.at(-1)} (${days.length} days)`);

export function AnomalyList({ report }: { report: AnomalyReport }) {
  const rules = DEFAULT_ANOMALY_RULES;
  return (
    <Card data-testid="statistics-anomalies">
      <CardHeader>
        <CardTitle className="text-base">
          Anomalies {report.anomalies.length > 0 ? `(${report.anomalies.length})` : ''}
        </CardTitle>
        <CardDescription>
          A day is flagged when a status&apos;s count or the non-terminal share is more than {rules.madThreshold} median
          absolute deviations from the median of the {rules.baselineDays} days before it, and moved by at least{' '}
          {rules.minCountChange} messages or {rules.minSharePoints} points.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {report.anomalies.length === 0 ? (
          <p data-testid="no-anomalies">
            {report.judged.length > 0
              ? `None in the ${report.judged.length} judged days.`
              : 'No day of this period could be judged.'}
          </p>
        ) : (
          <ul className="space-y-1">
            {report.anomalies.map((anomaly) => (
              <li key={`${anomaly.date}/${anomaly.measure}/${anomaly.status ?? ''}`} className="flex gap-2">
                <span className="font-mono text-xs leading-5 text-destructive">{anomaly.date}</span>
                <span>{anomaly.reason}</span>
              </li>
            ))}
          </ul>
        )}
        {report.notJudged.map((entry) => (
          <p key={entry.reason} className="text-muted-foreground" data-testid="not-judged">
            Not judged: {span(entry.days)}, {entry.reason}.
          </p>
        ))}
      </CardContent>
    </Card>
  );
}
