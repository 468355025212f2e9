import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server.ts";

describe("the import test switch and the seed folder", () => {
  it("is off by default and refused in production", () => {
    expect(loadConfig({}).importTestRowDelayMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", IMPORT_TEST_ROW_DELAY_MS: "60" }).importTestRowDelayMs).toBe(60);
    expect(() => loadConfig({ NODE_ENV: "production", IMPORT_TEST_ROW_DELAY_MS: "60" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", IMPORT_TEST_ROW_DELAY_MS: "60" })).toThrow(/IMPORT_TEST_ROW_DELAY_MS/);
    expect(() => loadConfig({ IMPORT_TEST_ROW_DELAY_MS: "soon" })).toThrow(/IMPORT_TEST_ROW_DELAY_MS/);
  });

  it("reads the seed lists from the app's seed/ unless SEED_DIR names another folder", () => {
    expect(loadConfig({}).seedDir).toBeUndefined();
    expect(loadConfig({ SEED_DIR: "/srv/shop-seed" }).seedDir).toBe("/srv/shop-seed");
  });
});
