// The node-postgres clients a test's pool opens, so a test that drops connections on the server can
// wait until the client side has heard it, rather than pausing for a guessed time.
import pg from "pg";
import { expect, vi } from "vitest";

/**
 * Records every pg client that connects from now on (the spy calls through, and the integration
 * project restores it after each test). Call it after the database was created and migrated, so
 * the migration's own client is not among them.
 */
export function recordPgClients(): () => pg.Client[] {
  const connect = vi.spyOn(pg.Client.prototype, "connect");
  return () => [...connect.mock.contexts] as pg.Client[];
}

/**
 * Resolves once each client has emitted 'end' (under a deadline). node-postgres emits 'end' on the
 * tick after the socket closed, that is after it emitted 'error' for the server's "terminating
 * connection" message and the lost socket, so the pool and the shop's listeners have had their say.
 * It listens for 'end' only: a listener for 'error' would hide an unhandled one, which is what the
 * tests are there to catch. Call it before the connections are dropped, so no 'end' is missed.
 */
export function endOfClients(clients: readonly pg.Client[], timeout = 10_000): () => Promise<void> {
  let ended = 0;
  for (const client of clients) client.once("end", () => ended++);
  return () => vi.waitFor(() => expect(ended, "pg clients that have seen their connection end").toBe(clients.length), { timeout, interval: 10 });
}
