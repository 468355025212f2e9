// SCRAPER_ALLOW_HOSTS in the validated environment (decision 031): off by default, exact
// host:port pairs when set, and never in production.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server.ts";

describe("SCRAPER_ALLOW_HOSTS", () => {
  it("is empty unless set", () => {
    expect(loadConfig({}).scraperAllowHosts).toEqual([]);
    expect(loadConfig({ SCRAPER_ALLOW_HOSTS: " " }).scraperAllowHosts).toEqual([]);
    expect(loadConfig({ NODE_ENV: "production" }).scraperAllowHosts).toEqual([]);
  });

  it("takes host:port pairs in the scraper's own spelling", () => {
    expect(loadConfig({ NODE_ENV: "test", SCRAPER_ALLOW_HOSTS: "127.0.0.1:4567, fixture.test:8080" }).scraperAllowHosts).toEqual(["127.0.0.1:4567", "fixture.test:8080"]);
    expect(loadConfig({ SCRAPER_ALLOW_HOSTS: "[::1]:4567" }).scraperAllowHosts).toEqual(["[::1]:4567"]);
  });

  it.each(["127.0.0.1", "localhost", "127.0.0.1:4567/path", "user@127.0.0.1:1", "a:b", "127.0.0.1:99999"])("refuses %j, which is not a host:port pair", (value) => {
    expect(() => loadConfig({ SCRAPER_ALLOW_HOSTS: value })).toThrow(ConfigError);
  });

  it("stops the start under NODE_ENV=production, naming the variable", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SCRAPER_ALLOW_HOSTS: "127.0.0.1:4567" })).toThrow(/SCRAPER_ALLOW_HOSTS.*refused when NODE_ENV=production/s);
  });
});
