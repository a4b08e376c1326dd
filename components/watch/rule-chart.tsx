'use client';

/**
 * A rule's recent evaluations (recharts; loaded by rule-chart-island.tsx with next/dynamic): the
 * count over time, a gap where a read failed or no console evaluated (never a drop to zero), the
 * rule's line, and its state changes.
 */
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface RuleChartProps {
  /** Each evaluation's slot (epoch ms) and count, null where the read failed. */
  points: { at: number; count: number | null }[];
  /** The evaluation interval, ms: a longer stretch without an evaluation is drawn as a gap. */
  intervalMs: number;
  /** The "above" line, when the condition has one. */
  line: number | null;
  /** The slots (epoch ms) the state changed in, with the new state. */
  changes: { at: number; to: string }[];
  height: number;
}

const label = (at: number) => new Date(at).toISOString().slice(11, 19);

/** The points with a null one after each stretch longer than two intervals, so the line breaks there. */
function withGaps(points: RuleChartProps['points'], intervalMs: number): RuleChartProps['points'] {
  return points.flatMap((point, index) => {
    const next = points[index + 1];
    return next && next.at - point.at > 2 * intervalMs ? [point, { at: point.at + intervalMs, count: null }] : [point];
  });
}

export default function RuleChart({ points, intervalMs, line, changes, height }: RuleChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart
        accessibilityLayer={false}
        data={withGaps(points, intervalMs)}
        margin={{ top: 16, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#94a3b8" strokeOpacity={0.3} vertical={false} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={label}
          tick={{ fontSize: 11, fill: '#64748b' }}
          tickLine={false}
          minTickGap={32}
        />
        <YAxis tick={{ fontSize: 11, fill: '#64748b' }} tickLine={false} width={40} allowDecimals={false} />
        <Tooltip contentStyle={{ fontSize: 12 }} labelFormatter={(at) => label(Number(at))} />
        <Line
          type="linear"
          dataKey="count"
          name="count"
          stroke="#2563eb"
          dot={points.length < 60}
          strokeWidth={2}
          connectNulls={false}
          isAnimationActive={false}
        />
        {line === null ? null : (
          <ReferenceLine
            y={line}
            stroke="#dc2626"
            strokeDasharray="4 2"
            label={{ value: `line ${line}`, position: 'insideTopRight', fill: '#dc2626', fontSize: 11 }}
          />
        )}
        {changes.map((change) => (
          <ReferenceLine
            key={`${change.at}-${change.to}`}
            x={change.at}
            stroke="#64748b"
            strokeDasharray="2 2"
            label={{ value: change.to, position: 'insideTopLeft', fill: '#64748b', fontSize: 11 }}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
