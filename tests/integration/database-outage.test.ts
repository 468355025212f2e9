// The database client when PostgreSQL drops connections that are in use (issue 10, items 1 and
// 22), on the global throwaway PostgreSQL; the whole server under a real restart is
// database-restart.test.ts.
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { apiErrors } from "../../src/domain/messages/cart.ts";
import { signUp } from "../../src/server/auth/accounts.server.ts";
import { createAuth } from "../../src/server/auth/auth.server.ts";
import { readViewer } from "../../src/server/auth/session.server.ts";
import { openDatabase, type Database } from "../../src/server/db/client.server.ts";
import { isDatabaseUnavailable } from "../../src/server/db/database-errors.server.ts";
import { availableEngines, createTestDatabase } from "../helpers/databases.ts";
import { endOfClients, recordPgClients } from "../helpers/pg-clients.ts";

const SECRET = "outage-test-secret-outage-test-secret-0123";
const makeAuth = (db: Database) => createAuth({ db, config: { publicUrl: "http://shop.test", requireEmailVerification: false, env: "test" }, secret: SECRET });

/** Ends the server side of every connection to the database but the caller's own. */
async function terminateConnections(url: string, pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("select pg_terminate_backend($1)", [pid]);
  // Wait until the backend has gone, so its goodbye has been sent to the client.
  for (;;) {
    const left = await admin.query("select 1 from pg_stat_activity where pid = $1", [pid]);
    if (left.rowCount === 0) break;
  }
  await admin.end();
}

describe.runIf(availableEngines().includes("postgres"))("PostgreSQL dropping connections in use", () => {
  it("fails the transaction whose connection died, keeps the process alive, and serves the next query", async () => {
    const handle = await createTestDatabase("postgres");
    const poolClients = recordPgClients();
    try {
      let backendPid = 0;
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let started!: () => void;
      const isOpen = new Promise<void>((resolve) => (started = resolve));
      const transaction = handle.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid`);
        backendPid = Number((result as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
        started();
        await paused; // the connection is checked out and idle between two statements
        await tx.execute(sql`select 1`);
      });
      const outcome = transaction.then(
        () => null,
        (error: unknown) => error,
      );
      await isOpen;
      // The transaction's connection is the pool's only one.
      expect(poolClients()).toHaveLength(1);
      const heard = endOfClients(poolClients());
      await terminateConnections(handle.url!, backendPid);
      // The client has read the server's "terminating connection" message and seen the socket close
      // while the connection was checked out (unheard, that 'error' ended the process).
      await heard();
      resume();
      const error = await outcome;
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      const after = await handle.db.execute(sql`select 1 as ok`);
      expect((after as unknown as { rows: { ok: number }[] }).rows[0]!.ok).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it("gives up on a query the database does not answer in time, as on a database that is away, and serves the next one", async () => {
    const handle = await createTestDatabase("postgres");
    const slow = openDatabase({ kind: "postgres", url: handle.url!, poolSize: 1, queryTimeoutMs: 300 });
    try {
      const started = Date.now();
      const error = await slow.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The pool's one connection was given up with the query: the next query does not wait behind it.
      const next = Date.now();
      expect(((await slow.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
      expect(Date.now() - next).toBeLessThan(3_000);
      // Migrations run on a connection of their own, with no such limit.
      await slow.migrate();
    } finally {
      await slow.close();
      await handle.close();
    }
  });

  it("answers 503 for a signed-in shopper's session while the database refuses connections, not 'signed out'", async () => {
    const handle = await createTestDatabase("postgres");
    // The same database, reached through a port where nothing listens: a server that is down.
    const downUrl = new URL(handle.url!);
    downUrl.port = "1";
    const down = openDatabase({ kind: "postgres", url: downUrl.toString(), poolSize: 1 });
    try {
      const up = { auth: makeAuth(handle.db), db: handle.db };
      const created = await signUp(up, { firstName: "Ama", lastName: "Owusu", email: "outage@example.com", phone: "", password: "a long unusual passphrase 7" }, { headers: new Headers(), ip: "203.0.113.9" });
      if (!created.ok) throw new Error(created.message);
      const cookie = created.setCookies.map((c) => c.split(";")[0]).join("; ");
      expect(await readViewer(up, new Headers({ cookie }))).toMatchObject({ email: "outage@example.com" });

      const thrown = await readViewer({ auth: makeAuth(down.db), db: down.db }, new Headers({ cookie })).then(
        (viewer) => viewer,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: apiErrors.unavailable });
    } finally {
      await down.close();
      await handle.close();
    }
  });
});
