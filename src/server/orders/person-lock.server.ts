// A checkout writes a person's order while the owner may be erasing that person's data
// (src/server/admin/customers/personal-data.server.ts). Each runs in its own transaction, so an
// order written while the erasure runs would be neither seen by it nor kept from it: the erasure
// would report the person erased and leave that order with their name, e-mail and address. Both
// take this lock on the person's e-mail, the checkout before it writes the order and the erasure
// before it reads the orders, so whichever comes second sees what the first one did.
import { sql } from "drizzle-orm";
import { emailKey } from "../../domain/email-addresses.ts";
import type { DbOrTx } from "../db/client.server.ts";

/** Held until the transaction ends. Two addresses sharing a hash only wait for each other. */
export async function lockPerson(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`person:${emailKey(email)}`}))`);
}
