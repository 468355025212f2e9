import { afterEach, describe, expect, it, vi } from "vitest";
import { apiErrors } from "../../domain/messages/cart.ts";
import { createSweepLog, databaseErrorOf, isAccountGone, isDatabaseUnavailable, serviceUnavailableResponse, SQLSTATE } from "./database-errors.server.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("databaseErrorOf", () => {
  it("finds the database's code and constraint however deep the wrappers put it", () => {
    const unique = Object.assign(withCode("duplicate key value violates unique constraint", "23505"), { constraint: "discount_codes_code_unique" });
    const wrapped = new Error("Failed to create", { cause: new Error("Failed query: insert ...", { cause: unique }) });
    expect(databaseErrorOf(wrapped)).toEqual({ code: SQLSTATE.uniqueViolation, constraint: "discount_codes_code_unique" });
    expect(databaseErrorOf(withCode("insert or update violates foreign key constraint", "23503"))).toEqual({ code: SQLSTATE.foreignKeyViolation, constraint: undefined });
  });

  it("is null for anything that is not the database's own error", () => {
    expect(databaseErrorOf(new Error("boom"))).toBeNull();
    expect(databaseErrorOf(withCode("write EPIPE", "EPIPE"))).toBeNull();
    expect(databaseErrorOf(withCode("connect ECONNREFUSED", "ECONNREFUSED"))).toBeNull();
    expect(databaseErrorOf("23505")).toBeNull();
    expect(databaseErrorOf(null)).toBeNull();
  });
});

describe("isAccountGone", () => {
  const brokenKey = (constraint?: string) => new Error("Failed query: insert ...", { cause: Object.assign(withCode("violates foreign key constraint", "23503"), { constraint }) });

  it("is a write whose account was deleted meanwhile, from any table that names the account", () => {
    expect(isAccountGone(brokenKey("orders_user_id_user_id_fk"))).toBe(true);
    expect(isAccountGone(brokenKey("cart_items_user_id_user_id_fk"))).toBe(true);
    expect(isAccountGone(brokenKey("guest_cart_merges_user_id_user_id_fk"))).toBe(true);
  });

  it("is not a product deleted meanwhile, a key the database does not name, or another fault", () => {
    expect(isAccountGone(brokenKey("cart_items_product_id_products_id_fk"))).toBe(false);
    expect(isAccountGone(brokenKey())).toBe(false);
    expect(isAccountGone(Object.assign(withCode("duplicate key", "23505"), { constraint: "orders_user_id_user_id_fk" }))).toBe(false);
    expect(isAccountGone(new Error("boom"))).toBe(false);
  });
});

describe("isDatabaseUnavailable", () => {
  it("recognises a server going away, however it is wrapped", () => {
    const terminated = withCode("terminating connection due to administrator command", "57P01");
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    // drizzle wraps the driver's error; better-auth wraps it again.
    const drizzle = new Error("Failed query: select ...", { cause: terminated });
    expect(isDatabaseUnavailable(new Error("Failed to get session", { cause: drizzle }))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client was closed and is not queryable"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
  });

  it("leaves real faults alone", () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint "user_email_key"', "23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode('relation "nope" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("serviceUnavailableResponse", () => {
  it("is a 503 in the API's error shape that asks the client to come back", async () => {
    const response = serviceUnavailableResponse();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: apiErrors.unavailable });
  });
});

describe("createSweepLog", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs an outage once, and once more when the database is back", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const infos = vi.spyOn(console, "log").mockImplementation(() => {});
    const log = createSweepLog("mail delivery");
    for (let sweep = 0; sweep < 5; sweep++) log.failed(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"));
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toMatch(/^mail delivery: the database is unavailable/);
    log.succeeded();
    log.succeeded();
    expect(infos).toHaveBeenCalledTimes(1);
    log.failed(withCode("terminating connection due to administrator command", "57P01"));
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it("gives the driver's reason in one line, not the query it failed", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const query = new Error('Failed query: update "mail_outbox"\n      set "status" = $1\nparams: sent', { cause: withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED") });
    createSweepLog("mail delivery").failed(query);
    expect(String(errors.mock.calls[0]![0])).toBe("mail delivery: the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432); retrying quietly until it is back");
  });

  it("logs every other fault, since each may be different", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = createSweepLog("mail delivery");
    log.failed(new TypeError("a bug"));
    log.failed(new TypeError("a bug"));
    expect(errors).toHaveBeenCalledTimes(2);
  });
});
