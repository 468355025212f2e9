// The rows of a raw SQL statement (`db.execute`). node-postgres and PGlite both answer `{ rows }`,
// which Drizzle's types do not say; an array is taken as the rows themselves. The caller names the
// row's shape, as it wrote the statement's select list.
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
