import { describe, expect, it } from "vitest";
import { errorChain } from "./error-chain.ts";

describe("errorChain", () => {
  it("lists the error and its causes, outermost first, and stops at what is not an object", () => {
    const root = Object.assign(new Error("duplicate key"), { code: "23505" });
    const middle = new Error("Failed query", { cause: root });
    const outer = new Error("Failed to create user", { cause: middle });
    expect(errorChain(outer)).toEqual([outer, middle, root]);
    expect(errorChain(new Error("with a string cause", { cause: "text" }))).toHaveLength(1);
    expect(errorChain("text")).toEqual([]);
    expect(errorChain(null)).toEqual([]);
  });

  it("stops at its depth when the causes loop", () => {
    const a: { cause?: unknown } = {};
    a.cause = a;
    expect(errorChain(a, 4)).toEqual([a, a, a, a]);
  });
});
