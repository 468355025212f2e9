// TRUST_PROXY in the validated environment: nothing is trusted unless the operator says so.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server.ts";

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default, so X-Forwarded-For from any client is ignored", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
  });

  it("takes a hop count", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: " 2 " }).trustProxy).toBe(2);
  });

  it("takes a list of addresses, subnets and Express's named ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16,fd00::/8, ::1, Uniquelocal" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "fd00::/8",
      "::1",
      "uniquelocal",
    ]);
  });

  it("refuses `true` (it would believe every client) and anything that is not an address", () => {
    for (const value of ["true", "yes", "everyone", "10.0.0.0/33", "10.0.0.300", "::1/129", "10.0.0.0/8/1", ",", "1.5"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be unset/);
    }
  });
});
