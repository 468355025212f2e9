// An order's internal notes (admin.md section 4), which its page's timeline shows.
import { eq } from "drizzle-orm";
import { adminFulfilment } from "../../../domain/messages/admin.ts";
import type { Database } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import type { Refusal } from "../../../domain/refusal.ts";
import type { TimelineEntry } from "./order-details.server.ts";

export const NOTE_MAX_LENGTH = 2000;

/** An internal note, seen by staff only; kept in the append-only audit trail. */
export async function addOrderNote(db: Database, admin: AdminViewer, orderId: string, note: unknown): Promise<{ ok: true; note: TimelineEntry } | Refusal<"invalid" | "not_found">> {
  const text = typeof note === "string" ? note.trim() : "";
  if (text === "") return { ok: false, reason: "invalid", message: adminFulfilment.noteEmpty };
  if (text.length > NOTE_MAX_LENGTH) return { ok: false, reason: "invalid", message: adminFulfilment.noteTooLong(NOTE_MAX_LENGTH) };
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!row) return { ok: false as const, reason: "not_found" as const, message: adminFulfilment.orderNotFound };
    await recordAdminAction(tx, { adminId: admin.userId, adminEmail: admin.email, action: "order.note_added", subjectType: "order", subjectId: orderId, before: null, after: { note: text } });
    return { ok: true as const, note: { at: new Date().toISOString(), kind: "note" as const, title: "Internal note", detail: text, by: admin.email } };
  });
}
