// The admin audit trail: every admin action (status change, note, export; later discounts,
// products, settings) as one append-only row, written in the same transaction as the change so
// the trail and the data can never disagree. The migration's trigger refuses UPDATE and DELETE.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.server.ts";
import { adminAuditLog } from "../../db/schema.ts";

export type AdminActionEntry = {
  adminId: string;
  /** Kept beside the id so the trail still names the person after their account is gone. */
  adminEmail?: string;
  /** What was done, as `subject.verb`: "order.status_changed", "order.note_added", "orders.exported". */
  action: string;
  subjectType: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
};

export type AdminActionRecord = {
  id: string;
  adminId: string;
  adminEmail: string;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
};

const rowOf = (entry: AdminActionEntry) => ({
  adminId: entry.adminId,
  adminEmail: entry.adminEmail ?? "",
  action: entry.action,
  subjectType: entry.subjectType,
  subjectId: entry.subjectId,
  before: entry.before ?? null,
  after: entry.after ?? null,
  // The moment it is written, not the transaction's start (now()): a change that waited for
  // another's row lock comes after it in the trail, as it did in fact.
  createdAt: sql<Date>`clock_timestamp()`,
});

/** Pass the caller's transaction: the row commits or rolls back with the change it describes. */
export async function recordAdminAction(tx: DbOrTx, entry: AdminActionEntry): Promise<void> {
  await tx.insert(adminAuditLog).values(rowOf(entry));
}

/** Many entries in one statement (a spreadsheet batch's products), in the caller's transaction. */
export async function recordAdminActions(tx: DbOrTx, entries: readonly AdminActionEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(adminAuditLog).values(entries.map(rowOf));
}

/** Everything done to one record, oldest first (the order timeline reads this). */
export async function listAdminActionsFor(db: DbOrTx, subjectType: string, subjectId: string): Promise<AdminActionRecord[]> {
  return db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.subjectType, subjectType), eq(adminAuditLog.subjectId, subjectId)))
    .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.id));
}
