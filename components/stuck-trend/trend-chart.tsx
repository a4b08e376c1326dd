'use client';

/**
 * The stuck trend's lines (recharts; loaded by trend-chart-island.tsx with next/dynamic): one line per
 * status, a gap where a sample failed (never a drop to zero), minutes in UTC.
 */
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTickMinutes, minuteLabel, type ChartSeries } from '@/lib/stuck-trend/types';

export interface TrendChartProps {
  series: ChartSeries;
  statuses: string[];
  colors: Record<string, string>;
  height: number;
  /** A marked minute (the incident's start), as its label. */
  marker?: { label: string; text: string };
}

export default function TrendChart({ series, statuses, colors, height, marker }: TrendChartProps) {
  const data = series.minutes.map((minute, index) => ({
    label: minuteLabel(minute),
    ...Object.fromEntries(statuses.map((status) => [status, series.counts[status]?.[index] ?? null])),
  }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 12, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#94a3b8" strokeOpacity={0.3} vertical={false} />
        <XAxis
          dataKey="label"
          ticks={axisTickMinutes(series.minutes).map(minuteLabel)}
          tick={{ fontSize: 11, fill: '#64748b' }}
          tickLine={false}
          minTickGap={24}
        />
        <YAxis tick={{ fontSize: 11, fill: '#64748b' }} tickLine={false} width={40} allowDecimals={false} />
        <Tooltip contentStyle={{ fontSize: 12 }} />
        {statuses.map((status) => (
          <Line
            key={status}
            type="linear"
            dataKey={status}
            name={status}
            stroke={colors[status]}
            dot={false}
            strokeWidth={2}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
        {marker ? (
          <ReferenceLine
            x={marker.label}
            stroke="#dc2626"
            strokeDasharray="4 2"
            label={{ value: marker.text, position: 'insideTopLeft', fill: '#dc2626', fontSize: 11 }}
          />
        ) : null}
      </LineChart>
    </ResponsiveContainer>
  );
}
