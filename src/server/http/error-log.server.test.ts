import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError, logRequestError, requestLine } from "./error-log.server.ts";

const SHOPPER = ["Ama", "Owusu", "ama.owusu@example.com", "07700 900123", "17 Private Lane"];

/** A failed insert as Drizzle reports it: the statement, every value bound to it, and the driver's error with its detail. */
function failedInsert(): DrizzleQueryError {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "orders_pkey"'), {
    code: "23505",
    constraint: "orders_pkey",
    detail: "Key (customer_email)=(ama.owusu@example.com) already exists.",
  });
  return new DrizzleQueryError("insert into orders (customer, customer_email) values ($1, $2)", [JSON.stringify(SHOPPER), SHOPPER[2]!], cause);
}

describe("the log line of a failed request", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says which request and what failed, with the database's code and constraint, and no value a shopper gave", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    logRequestError(requestLine({ method: "POST", url: "http://shop.test/orders/lookup?email=ama.owusu%40example.com" }), failedInsert());
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]![0]);
    expect(line).toMatch(/^POST \/orders\/lookup failed: Error: Failed query: insert into orders \(customer, customer_email\) values \(\$1, \$2\) <- Error: duplicate key/);
    expect(line).toContain('duplicate key value violates unique constraint "orders_pkey" [23505] (orders_pkey)');
    expect(line).toMatch(/\n\s+at /);
    for (const value of [...SHOPPER, "ama.owusu%40example.com"]) expect(line).not.toContain(value);
  });

  it("names a request whose path holds a payment session id without the id, which opens its order", () => {
    const session = "cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuV";
    expect(requestLine({ method: "POST", url: `http://shop.test/pay/${session}.data` })).toBe("POST /pay/:sessionId.data");
    expect(requestLine({ method: "GET", url: `http://shop.test/order-confirmation/${session}?x=1` })).toBe("GET /order-confirmation/:sessionId");
  });

  it("writes one line per 30 s while the database is away, counting the requests refused in between", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const away = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const start = 1_000_000_000;
    for (let i = 0; i < 500; i++) logRequestError("GET /", away, start + i * 10);
    expect(errors).toHaveBeenCalledTimes(1);
    logRequestError("GET /cart", away, start + 31_000);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(String(errors.mock.calls[1]![0])).toBe("GET /cart: the database is unavailable (and 499 more requests since the last line): Error: connect ECONNREFUSED 127.0.0.1:5432 [ECONNREFUSED]");
  });

  it("describes what is not an Error, and a chain of causes, in one line", () => {
    expect(describeError("plain text")).toBe("plain text");
    expect(describeError(new Error("outer", { cause: new TypeError("inner") }))).toBe("Error: outer <- TypeError: inner");
  });
});
