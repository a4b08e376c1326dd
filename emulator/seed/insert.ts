import type { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's limit of bind parameters per statement is 65,535. */
const MAX_PARAMETERS = 60_000;

/** Inserts rows with parameterised multi-row INSERTs, as many rows per statement as fit. */
export async function insertRows<Row extends object>(
  db: PGlite,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<void> {
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const columnList = columns.map((column) => `"${column}"`).join(', ');
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = columns.map((column) => {
        values.push(row[column]);
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.query(`INSERT INTO "${table}" (${columnList}) VALUES ${tuples.join(', ')}`, values);
  }
}
