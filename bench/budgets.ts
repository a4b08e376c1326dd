/**
 * The bench's one table: every budget of `npm run bench` is a row with the measured value, the
 * anchor it is compared with (react-admin, the service, the console's own floor…) where there is
 * one, the limit, and PASS or FAIL. Pure functions only (no timing), so they have unit tests.
 *
 * A section of the bench (see `bench/sections/index.ts`) returns its rows made with `budgetRow`;
 * a value that could not be measured is a FAIL, never a silent PASS.
 */

/** `at-most`: the measured value must not exceed the limit; `at-least`: it must reach it. */
export type Comparison = 'at-most' | 'at-least';

export interface BudgetSpec {
  /** Stable key in `bench/results/latest.json`, e.g. `first-row.cold.ratio`. */
  id: string;
  /** What is measured, as the table prints it. */
  title: string;
  comparison: Comparison;
  limit: number;
  /** Unit of the measured value and the limit: `x` for a ratio, `ms`, `kB`, `MB`, `%`. */
  unit: string;
}

export interface BudgetRow extends BudgetSpec {
  /** Null when it could not be measured (a FAIL). */
  measured: number | null;
  /** The comparison's other side, in words with its value, e.g. `react-admin 912 ms`. */
  anchor?: string;
  /** Why it failed to be measured, or what the figure is made of. */
  note?: string;
  pass: boolean;
}

export function budgetRow(
  spec: BudgetSpec,
  measured: number | null,
  extra: { anchor?: string; note?: string } = {},
): BudgetRow {
  const usable = measured !== null && Number.isFinite(measured);
  const pass = usable && (spec.comparison === 'at-most' ? measured <= spec.limit : measured >= spec.limit);
  return { ...spec, measured: usable ? measured : null, ...extra, pass };
}

/** A row for a part of the bench that could not run at all: one FAIL that says why. */
export function failedRow(spec: BudgetSpec, reason: string): BudgetRow {
  return budgetRow(spec, null, { note: reason });
}

export function sorted(values: readonly number[]): number[] {
  return values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
}

/** The median (mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  const ordered = sorted(values);
  if (ordered.length === 0) return Number.NaN;
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle]! : (ordered[middle - 1]! + ordered[middle]!) / 2;
}

/** Nearest-rank percentile (the smallest value with at least `fraction` of the values at or below it). */
export function percentile(values: readonly number[], fraction: number): number {
  const ordered = sorted(values);
  if (ordered.length === 0) return Number.NaN;
  return ordered[Math.min(ordered.length - 1, Math.max(0, Math.ceil(fraction * ordered.length) - 1))]!;
}

/** `a / b` with two decimals; NaN when either side is unusable. */
export function ratio(a: number, b: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return Number.NaN;
  return Math.round((a / b) * 100) / 100;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;

function formatValue(value: number | null, unit: string): string {
  if (value === null) return 'n/a';
  return unit === 'x' ? `${value}x` : `${value} ${unit}`;
}

function pad(cell: string, width: number, alignRight: boolean): string {
  return alignRight ? cell.padStart(width) : cell.padEnd(width);
}

/** The table as text: budget, measured, anchor, limit, result; then the notes of rows that have one. */
export function formatTable(rows: readonly BudgetRow[]): string {
  const header = ['budget', 'measured', 'anchor', 'limit', 'result'];
  const cells = rows.map((row) => [
    row.title,
    formatValue(row.measured, row.unit),
    row.anchor ?? '',
    `${row.comparison === 'at-most' ? '<=' : '>='} ${formatValue(row.limit, row.unit)}`,
    row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const render = (line: string[]) =>
    line
      .map((cell, column) => pad(cell, widths[column]!, column === 1 || column === 3))
      .join('  ')
      .trimEnd();
  const lines = [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(render)];
  const notes = rows.filter((row) => row.note).map((row) => `  ${row.title}: ${row.note}`);
  return notes.length > 0 ? `${lines.join('\n')}\nnotes:\n${notes.join('\n')}` : lines.join('\n');
}

export function failures(rows: readonly BudgetRow[]): BudgetRow[] {
  return rows.filter((row) => !row.pass);
}
