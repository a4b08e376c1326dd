/**
 * The selected period against the previous one: per-status totals and changes, green when the
 * change is good news, red when bad, plain when it is neither (a word says which, colour alone
 * would not).
 */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Verdict } from '@/lib/statistics/compare';
import type { StatisticsReview } from '@/lib/statistics/review';
import { cn } from '@/lib/utils';

const TONE: Record<Verdict, string> = {
  good: 'text-success',
  bad: 'text-destructive',
  neutral: 'text-muted-foreground',
};
const WORD: Record<Verdict, string> = { good: 'better', bad: 'worse', neutral: '' };

const signed = (value: number) => (value > 0 ? `+${value.toLocaleString('en-US')}` : value.toLocaleString('en-US'));
const relativeText = (relative: number | null) =>
  relative === null ? 'new' : `${relative > 0 ? '+' : ''}${(relative * 100).toFixed(1)}%`;

export function Change({ delta, relative, verdict }: { delta: number; relative: number | null; verdict: Verdict }) {
  if (delta === 0) return <span className="text-muted-foreground">no change</span>;
  return (
    <span className={cn('tabular-nums', TONE[verdict])}>
      {signed(delta)} ({relativeText(relative)}){WORD[verdict] ? ` ${WORD[verdict]}` : ''}
    </span>
  );
}

export function ComparisonPanel({ review }: { review: StatisticsReview }) {
  const { comparison, previousRange } = review;
  const share = comparison.nonTerminalShare;
  return (
    <Card data-testid="statistics-comparison">
      <CardHeader>
        <CardTitle className="text-base">Against the previous period</CardTitle>
        <CardDescription>
          {previousRange.from} to {previousRange.to}, the same number of days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <caption className="sr-only">Totals per status in this period and the previous one</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">
                Status
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                This period
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Previous
              </th>
              <th scope="col" className="py-1 pl-4 font-medium">
                Change
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.statuses.map((row) => (
              <tr key={row.status} className="border-t" data-testid={`compare-${row.status}`}>
                <th scope="row" className="py-1 text-left font-mono font-normal">
                  {row.status}
                </th>
                <td className="py-1 text-right tabular-nums">{row.current.toLocaleString('en-US')}</td>
                <td className="py-1 text-right tabular-nums">{row.previous.toLocaleString('en-US')}</td>
                <td className="py-1 pl-4">
                  <Change delta={row.delta} relative={row.relative} verdict={row.verdict} />
                </td>
              </tr>
            ))}
            <tr className="border-t font-medium">
              <th scope="row" className="py-1 text-left">
                All messages
              </th>
              <td className="py-1 text-right tabular-nums" data-testid="compare-total">
                {comparison.total.current.toLocaleString('en-US')}
              </td>
              <td className="py-1 text-right tabular-nums">{comparison.total.previous.toLocaleString('en-US')}</td>
              <td className="py-1 pl-4">
                <Change delta={comparison.total.delta} relative={comparison.total.relative} verdict="neutral" />
              </td>
            </tr>
            <tr className="border-t">
              <th scope="row" className="py-1 text-left font-normal">
                Non-terminal share
              </th>
              <td className="py-1 text-right tabular-nums">{(share.current * 100).toFixed(1)}%</td>
              <td className="py-1 text-right tabular-nums">{(share.previous * 100).toFixed(1)}%</td>
              <td className={cn('py-1 pl-4 tabular-nums', TONE[share.verdict])}>
                {share.verdict === 'neutral'
                  ? 'no change'
                  : `${share.deltaPoints > 0 ? '+' : ''}${share.deltaPoints.toFixed(1)} points ${WORD[share.verdict]}`}
              </td>
            </tr>
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
