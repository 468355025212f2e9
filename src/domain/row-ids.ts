// Every row id the shop makes is a UUID (8-4-4-4-12 hex, any case). Anything else cannot name a
// row, so it is answered as "not found" without asking the database, which would refuse a
// malformed uuid with an error rather than an empty result.
const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRowId(value: string): boolean {
  return ROW_ID.test(value);
}
