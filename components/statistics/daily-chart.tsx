'use client';

/**
 * The stacked daily chart (recharts; loaded by chart-panel.tsx with next/dynamic, on this route
 * only). Counts or each day's shares, the hidden statuses left out, anomaly days marked with a
 * red line, and a tooltip with the whole day's numbers, hidden statuses included.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import type { ChartView } from '@/lib/statistics/query';

export interface ChartDay {
  date: string;
  total: number;
  counts: Record<string, number>;
  nonTerminalPercent: string;
}

export interface DailyChartProps {
  days: ChartDay[];
  statuses: string[];
  hidden: string[];
  view: ChartView;
  colors: Record<string, string>;
  anomalyDays: string[];
}

function DayTooltip({
  active,
  label,
  days,
  statuses,
}: Pick<TooltipContentProps, 'active' | 'label'> & { days: Map<string, ChartDay>; statuses: string[] }) {
  const day = active && typeof label === 'string' ? days.get(label) : undefined;
  if (!day) return null;
  return (
    <div
      className="rounded-md border bg-popover p-2 text-xs text-popover-foreground shadow-md"
      data-testid="chart-tooltip"
    >
      <p className="font-medium">{day.date}</p>
      <p>
        Total <span className="tabular-nums">{day.total}</span>, non-terminal {day.nonTerminalPercent}%
      </p>
      <ul>
        {statuses
          .filter((status) => (day.counts[status] ?? 0) > 0)
          .map((status) => (
            <li key={status} className="flex justify-between gap-4">
              <span>{status}</span>
              <span className="tabular-nums">
                {day.counts[status]} ({day.total ? (((day.counts[status] ?? 0) / day.total) * 100).toFixed(1) : '0.0'}%)
              </span>
            </li>
          ))}
      </ul>
    </div>
  );
}

export default function DailyChart({ days, statuses, hidden, view, colors, anomalyDays }: DailyChartProps) {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const shown = statuses.filter((status) => !hidden.includes(status));
  return (
    <ResponsiveContainer width="100%" height={320}>
      <BarChart
        accessibilityLayer={false}
        data={days}
        stackOffset={view === 'percent' ? 'expand' : 'none'}
        margin={{ top: 16, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#94a3b8" strokeOpacity={0.3} vertical={false} />
        <XAxis dataKey="date" tick={{ fontSize: 11, fill: '#64748b' }} tickLine={false} minTickGap={16} />
        <YAxis
          tick={{ fontSize: 11, fill: '#64748b' }}
          tickLine={false}
          width={48}
          allowDecimals={view === 'percent'}
          tickFormatter={(value: number) => (view === 'percent' ? `${Math.round(value * 100)}%` : String(value))}
        />
        <Tooltip
          cursor={{ fill: '#94a3b8', fillOpacity: 0.15 }}
          content={(props) => (
            <DayTooltip active={props.active} label={props.label} days={byDate} statuses={statuses} />
          )}
        />
        {shown.map((status) => (
          <Bar
            key={status}
            name={status}
            dataKey={(day: ChartDay) => day.counts[status] ?? 0}
            stackId="day"
            fill={colors[status]}
            isAnimationActive={false}
          />
        ))}
        {anomalyDays.map((date) => (
          <ReferenceLine
            key={date}
            x={date}
            stroke="#dc2626"
            strokeDasharray="4 2"
            strokeWidth={2}
            label={{ value: '!', position: 'top', fill: '#dc2626', fontSize: 12 }}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
