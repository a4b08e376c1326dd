/**
 * One row of the bench's budget table, as the scale and resilience scenarios report it. Each
 * scenario file exports `run(): Promise<BudgetRow[]>`; the bench prints the rows in its one
 * table and fails `--check` when a row does not pass.
 */
export interface BudgetRow {
  name: string;
  /** The measured value, with its unit in `unit`. */
  measured: number;
  unit: string;
  /** The anchor's value where there is one (e.g. the 1000/R floor), else null. */
  anchor: number | null;
  /** The budget in words, e.g. "p95 < 100 ms". */
  budget: string;
  pass: boolean;
  /** How it was measured, for the closing notes. */
  detail?: string;
}
