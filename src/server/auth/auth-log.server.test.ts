import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logAuthMessage } from "./auth-log.server.ts";

const SHOPPER = ["Kwame Mensah", "kwame.mensah@example.com"];

/** better-auth's failed user insert as Drizzle reports it: the statement, its values, the driver's error. */
function failedUserInsert(code: string, constraint: string): DrizzleQueryError {
  const cause = Object.assign(new Error(`violates constraint "${constraint}"`), { code, constraint, detail: `Key (email)=(${SHOPPER[1]}) already exists.` });
  return new DrizzleQueryError('insert into "user" ("id", "name", "email") values ($1, $2, $3)', ["a1", ...SHOPPER], cause);
}

describe("better-auth's log lines", () => {
  afterEach(() => vi.restoreAllMocks());

  it("say nothing of a sign-up that lost the race for its e-mail: the shopper is answered 409", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    logAuthMessage("error", "Failed to create user", failedUserInsert("23505", "user_email_unique"));
    expect(errors).not.toHaveBeenCalled();
  });

  it("name any other failure with its code and constraint, without the shopper's name or e-mail", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    logAuthMessage("error", "Failed to create user", failedUserInsert("23503", "account_user_id_user_id_fk"));
    expect(errors).toHaveBeenCalledTimes(1);
    const line = String(errors.mock.calls[0]![0]);
    expect(line).toMatch(/^Better Auth \(Failed to create user\) failed: Error: Failed query: insert into "user"/);
    expect(line).toContain("[23503] (account_user_id_user_id_fk)");
    for (const value of SHOPPER) expect(line).not.toContain(value);
  });

  it("write a message without an error at its level, leaving out the other arguments", () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    logAuthMessage("warn", "Rate limit hit", { email: SHOPPER[1] });
    expect(warnings).toHaveBeenCalledWith("Better Auth: Rate limit hit");
  });
});
