// Migration 0027 on a shop with refunds already made: before it, a refund recorded per line only
// the units it put back in stock. Those stay counted as refunded, a refund still at the provider
// counts the units it asked to put back, and the units a cancel put back are not refunds.
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/server/db/client.server.ts";
import { rowsOf } from "../../src/server/db/raw-rows.server.ts";
import { orderItems, orderRefunds } from "../../src/server/db/schema.ts";
import { availableEngines, createTestDatabase, migrateUpTo } from "../helpers/databases.ts";

for (const engine of availableEngines()) {
  describe(`refund coverage on upgrade [${engine}]`, () => {
    const opened: DatabaseHandle[] = [];
    afterEach(async () => {
      for (const handle of opened.splice(0)) await handle.close();
    });

    it("counts what earlier refunds put back, and what a pending one will, as refunded; a cancel's units are not", async () => {
      const handle = await createTestDatabase(engine, { migrated: false });
      opened.push(handle);
      const { db } = handle;
      await migrateUpTo(handle, "0027_refund_covered");
      // Written as the shop of 0026 wrote them: the new columns do not exist yet.
      const order = await db.execute(sql`
        insert into orders (status, payment_status, subtotal_pence, shipping_pence, total_amount_pence, refunded_pence, customer, customer_email, payment_provider, stripe_session_id)
        values ('cancelled', 'partially_refunded', 10000, 0, 10000, 6000, '{"firstName":"Ama","lastName":"Owusu","email":"ama@example.com"}', 'ama@example.com', 'local', 'cs_local_upgrade')
        returning id`);
      const orderId = rowsOf<{ id: string }>(order)[0]!.id;
      const lines = await db.execute(sql`
        insert into order_items (order_id, quantity, unit_price_pence, product_name, product_category, restocked_quantity, cancel_restocked_quantity)
        values (${orderId}, 3, 2000, 'Linen Jacket', 'blazers', 1, 0), (${orderId}, 2, 2000, 'Silk Tie', 'ties', 2, 2)
        returning id, product_name`);
      const idOf = (name: string) => rowsOf<{ id: string; product_name: string }>(lines).find((row) => row.product_name === name)!.id;
      const jacket = idOf("Linen Jacket");
      const tie = idOf("Silk Tie");
      await db.execute(sql`
        insert into order_refunds (order_id, amount_pence, reason, restock_requested, status, provider, idempotency_key, admin_id)
        values (${orderId}, 2000, 'One jacket back', ${JSON.stringify([{ itemId: jacket, quantity: 1 }])}::jsonb, 'succeeded', 'local', 'k1', 'owner'),
               (${orderId}, 4000, 'Two more at the provider', ${JSON.stringify([{ itemId: jacket, quantity: 1 }])}::jsonb, 'pending', 'local', 'k2', 'owner')`);

      await handle.migrate();

      const refunded = Object.fromEntries((await db.select({ id: orderItems.id, refunded: orderItems.refundedQuantity }).from(orderItems).where(eq(orderItems.orderId, orderId))).map((row) => [row.id, row.refunded]));
      // The jacket: one back through the succeeded refund, one asked for by the pending one.
      expect(refunded[jacket]).toBe(2);
      // The tie's two units went back with the cancel, not a refund.
      expect(refunded[tie]).toBe(0);
      const covered = await db.select({ key: orderRefunds.idempotencyKey, covered: orderRefunds.covered }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.idempotencyKey);
      expect(covered).toEqual([
        { key: "k1", covered: { lines: [], shipping: false } },
        { key: "k2", covered: { lines: [{ itemId: jacket, quantity: 1 }], shipping: false } },
      ]);
    });
  });
}
