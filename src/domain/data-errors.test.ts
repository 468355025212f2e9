import { describe, expect, it } from "vitest";
import { mapDataError } from "./data-errors.ts";
import { dataErrors } from "./messages/forms.ts";

describe("mapDataError (storefront.md section 8 Data error mapper)", () => {
  it("maps duplicate keys", () => {
    expect(mapDataError({ code: "23505", message: "whatever" })).toBe(dataErrors.duplicate);
    expect(mapDataError(new Error('duplicate key value violates unique constraint "discount_codes_code_unique"'))).toBe(
      "This item already exists. Please try again.",
    );
  });

  it("maps foreign keys", () => {
    expect(mapDataError({ code: "23503" })).toBe(dataErrors.foreignKey);
    expect(mapDataError(new Error('insert or update on table "cart_items" violates foreign key constraint'))).toBe(
      "Unable to complete operation due to data dependencies.",
    );
  });

  it("maps not found", () => {
    expect(mapDataError({ code: "PGRST116", message: "JSON object requested, multiple (or no) rows returned" })).toBe(
      dataErrors.notFound,
    );
    expect(mapDataError(new Error("The result contains 0 rows"))).toBe(dataErrors.notFound);
    expect(mapDataError(new Error("no rows in result set"))).toBe(dataErrors.notFound);
    expect(mapDataError(new Error("Product not found"))).toBe("The requested item was not found.");
    expect(mapDataError({ status: 404 })).toBe(dataErrors.notFound);
  });

  it("maps unauthorized and permission errors", () => {
    expect(mapDataError({ code: "42501", message: "new row violates row-level security policy" })).toBe(dataErrors.permission);
    expect(mapDataError(new Error("permission denied for table orders"))).toBe(dataErrors.permission);
    expect(mapDataError(new Error("Unauthorized"))).toBe(dataErrors.permission);
    expect(mapDataError({ status: 401 })).toBe(dataErrors.permission);
    expect(mapDataError({ statusCode: 403 })).toBe("You do not have permission to perform this action.");
  });

  it("maps network failures and being offline", () => {
    expect(mapDataError(new TypeError("Failed to fetch"))).toBe(dataErrors.network);
    expect(mapDataError(new TypeError("NetworkError when attempting to fetch resource."))).toBe(dataErrors.network);
    expect(mapDataError(new TypeError("fetch failed"))).toBe(dataErrors.network);
    expect(mapDataError(new TypeError("Network request failed"))).toBe(dataErrors.network);
    expect(mapDataError(new Error("You are offline"))).toBe(dataErrors.network);
    expect(mapDataError({ code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" })).toBe(
      "Network connection issue. Please check your internet connection.",
    );
  });

  it("maps anything else to the generic message", () => {
    expect(mapDataError(new Error("syntax error at or near SELECT"))).toBe(dataErrors.unexpected);
    expect(mapDataError(null)).toBe(dataErrors.unexpected);
    expect(mapDataError(undefined)).toBe(dataErrors.unexpected);
    expect(mapDataError(42)).toBe(dataErrors.unexpected);
    expect(mapDataError({})).toBe("An unexpected error occurred. Please try again.");
  });

  it("reads plain strings", () => {
    expect(mapDataError("duplicate key")).toBe(dataErrors.duplicate);
    expect(mapDataError("Failed to fetch")).toBe(dataErrors.network);
  });

  it("looks into wrapped causes, as Drizzle wraps driver errors", () => {
    const driverError = Object.assign(new Error("duplicate key value"), { code: "23505" });
    const wrapped = new Error("Failed query: insert into ...", { cause: driverError });
    expect(mapDataError(wrapped)).toBe(dataErrors.duplicate);
    const fkWrapped = new Error("Failed query", { cause: { code: "23503" } });
    expect(mapDataError(fkWrapped)).toBe(dataErrors.foreignKey);
  });

  it("survives a cause cycle", () => {
    const a: { message: string; cause?: unknown } = { message: "first" };
    const b = { message: "second", cause: a };
    a.cause = b;
    expect(mapDataError(a)).toBe(dataErrors.unexpected);
  });

  it("checks the causes in the table's order", () => {
    // A duplicate key that also mentions permission is a duplicate (first row of the table).
    expect(mapDataError({ code: "23505", message: "permission" })).toBe(dataErrors.duplicate);
    expect(mapDataError({ code: "23503", message: "not found" })).toBe(dataErrors.foreignKey);
    expect(mapDataError({ code: "42501", message: "Failed to fetch" })).toBe(dataErrors.permission);
  });
});
