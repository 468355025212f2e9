import { describe, expect, it } from "vitest";
import { startupFailureMessage } from "./startup-failure.ts";

const onPostgres = { databaseUrl: "postgres://shop:secret@db.internal:6543/shop", dataDir: "/srv/shop" };

describe("startupFailureMessage", () => {
  it("names DATABASE_URL for a login PostgreSQL refuses, with its reason and never the password", () => {
    const refused = Object.assign(new Error('password authentication failed for user "shop"'), { code: "28P01" });
    const message = startupFailureMessage(new Error("migration failed", { cause: refused }), onPostgres);
    expect(message).toBe('Cannot start: the database (DATABASE_URL) refused the shop: password authentication failed for user "shop".');
    expect(message).not.toContain("secret");
    const missing = Object.assign(new Error('database "nodb" does not exist'), { code: "3D000" });
    expect(startupFailureMessage(missing, onPostgres)).toContain('database "nodb" does not exist');
  });

  it("names the host and port of a database it cannot reach", () => {
    const unreachable = Object.assign(new Error("getaddrinfo ENOTFOUND db.internal"), { code: "ENOTFOUND" });
    expect(startupFailureMessage(unreachable, onPostgres)).toBe(
      "Cannot start: the database at db.internal:6543 (DATABASE_URL) cannot be reached: ENOTFOUND. Check that PostgreSQL runs there and the host and port are right.",
    );
  });

  it("names DATA_DIR for a folder it cannot write, and leaves other faults to be printed whole", () => {
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/shop/pglite'"), { code: "EACCES", path: "/srv/shop/pglite" });
    expect(startupFailureMessage(denied, { databaseUrl: undefined, dataDir: "/srv/shop" })).toBe(
      "Cannot start: /srv/shop/pglite cannot be written (EACCES). DATA_DIR (/srv/shop) must be a folder this user may write to.",
    );
    const elsewhere = Object.assign(new Error("EACCES: permission denied, open '/etc/shop.pem'"), { code: "EACCES", path: "/etc/shop.pem" });
    expect(startupFailureMessage(elsewhere, { databaseUrl: undefined, dataDir: "/srv/shop" })).toBe("Cannot start: /etc/shop.pem cannot be written (EACCES).");
    expect(startupFailureMessage(new TypeError("x is not a function"), onPostgres)).toBeNull();
    // A refused connection on the embedded database is not about DATABASE_URL.
    expect(startupFailureMessage(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }), { databaseUrl: undefined, dataDir: "/srv/shop" })).toBeNull();
  });
});
