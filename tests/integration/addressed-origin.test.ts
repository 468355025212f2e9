// The shop opened at another address of the same machine than PUBLIC_URL (127.0.0.1 or a LAN
// address while PUBLIC_URL says localhost) is the same site: its cart and checkout must work
// there (before, every JSON call answered "Requests from other sites are not allowed").
// Another site is still refused. Against the built server, as the browser reaches it.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiErrors } from "../../src/domain/messages/cart.ts";
import { sharedTestBuild, startShopServer, type ShopServer } from "../helpers/server-process.ts";

describe("JSON calls from the address the shop was opened at", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-origin-"));
  let shop: ShopServer;
  let localhost: string;

  beforeAll(async () => {
    shop = await startShopServer({ dataDir, buildDir: await sharedTestBuild(inject("testBuildRoot")) });
    // PUBLIC_URL is http://127.0.0.1:<port>; the shopper typed localhost.
    localhost = shop.url.replace("127.0.0.1", "localhost");
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const priceCart = (origin: string) =>
    fetch(`${localhost}/api/cart/price`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ lines: [] }) });

  it("accepts the page's own address, not PUBLIC_URL's", async () => {
    const answer = await priceCart(localhost);
    expect(answer.status).toBe(200);
  });

  it("refuses a name that is not PUBLIC_URL's, even as the Host it was sent to (DNS rebinding)", async () => {
    // node:http, as fetch does not let a caller choose the Host header.
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ lines: [] });
      const request = http.request(`${shop.url}/api/cart/price`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: "http://evil.example", host: "evil.example" },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end(body);
    });
    expect(status).toBe(403);
  });

  it("still refuses another site", async () => {
    const answer = await priceCart("https://evil.example");
    expect(answer.status).toBe(403);
    expect(JSON.stringify(await answer.json())).toContain("other sites");
    expect(apiErrors.crossOrigin).toContain("other sites");
  });
});
