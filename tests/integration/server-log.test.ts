// The production server's log is read in files and log services, not only on a terminal: no colour
// escape codes (the auth library wrote them around every warning), and with
// LOG_REQUESTS a line per request that holds no personal data.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sharedTestBuild, startShopServer, type ShopServer } from "../helpers/server-process.ts";

describe("the production server's log", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-log-"));
  let shop: ShopServer;

  beforeAll(async () => {
    shop = await startShopServer({ dataDir, buildDir: await sharedTestBuild(inject("testBuildRoot")), env: { ADMIN_EMAIL: "owner@shop.test", LOG_REQUESTS: "true" } });
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("has no terminal colour codes, the auth library's warnings included", async () => {
    // A wrong password through the sign-in form, as a shopper sends it.
    const answer = await fetch(`${shop.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.url },
      body: new URLSearchParams({ intent: "signin", email: "owner@shop.test", password: "not the password at all", js: "1" }),
    });
    expect(answer.status).toBeLessThan(500);
    for (const started = Date.now(); !shop.output().includes("Invalid password"); await sleep(50)) {
      if (Date.now() - started > 10_000) throw new Error(`no warning logged:\n${shop.output()}`);
    }
    expect(shop.output()).not.toContain("\u001b[");
  });

  it("with LOG_REQUESTS, a line per request: when, method, path, status and time, never the query", async () => {
    const answer = await fetch(`${shop.url}/faq?email=someone%40example.com`);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    const line = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET \/faq 200 \d+\.\dms$/m;
    for (const started = Date.now(); !line.test(shop.output()); await sleep(50)) {
      if (Date.now() - started > 10_000) throw new Error(`no request line:\n${shop.output()}`);
    }
    expect(shop.output()).not.toContain("someone");
  });
});
