// Stopping the production server (a deploy, a scale-in): SIGTERM closes the door to new
// connections, lets a request under way be answered whole, closes idle keep-alive connections at
// once, and exits 0; a request still unfinished when SHUTDOWN_GRACE_SECONDS end is cut, and the
// exit code says so. On the built server: the signal handling exists only in the bundle's host.
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { orderLookup } from "../../src/domain/messages/orders.ts";
import { availableEngines, createTestDatabase } from "../helpers/databases.ts";
import { sharedTestBuild, startShopServer, type ShopServer } from "../helpers/server-process.ts";

const BODY = "orderNumber=%23ABCDEF12&email=someone%40example.com";

/** A connection that has sent a form's headers and half its body, once the server has read the headers (100 Continue). */
async function requestUnderWay(url: string): Promise<{ socket: net.Socket; finish: () => Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(
    `POST /orders/lookup HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${BODY.length}\r\nExpect: 100-continue\r\nConnection: keep-alive\r\n\r\n`,
  );
  for (const started = Date.now(); !received.includes("100 Continue"); await sleep(20)) {
    if (Date.now() - started > 15_000) throw new Error(`no 100 Continue: ${received}`);
  }
  socket.write(BODY.slice(0, 10));
  return {
    socket,
    finish: async () => {
      socket.write(BODY.slice(10));
      await closed;
      return received;
    },
  };
}

/** An idle keep-alive connection: one request answered, the connection left open (`closed` settles when the server closes it). */
async function idleKeepAlive(url: string): Promise<{ closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => {});
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`);
  for (const started = Date.now(); !/\r\n\r\n[\s\S]*\}/.test(received); await sleep(20)) {
    if (Date.now() - started > 15_000) throw new Error(`no health answer: ${received}`);
  }
  // Wrapped: an async function returning the promise itself would wait for it to settle.
  return { closed };
}

const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const probe = net.connect(Number(port), hostname);
    probe.once("connect", () => {
      probe.destroy();
      resolve(false);
    });
    probe.once("error", () => resolve(true));
  });

async function exited(shop: ShopServer, limitMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  for (const started = Date.now(); shop.running(); await sleep(50)) {
    if (Date.now() - started > limitMs) throw new Error(`still running ${limitMs / 1000} s after SIGTERM:\n${shop.output()}`);
  }
  return shop.exit()!;
}

describe("SIGTERM on the built server", () => {
  let shop: ShopServer | undefined;
  let dataDir: string | undefined;
  // On PostgreSQL where there is one (migrated once here, so each start only connects), else PGlite.
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    if (availableEngines().includes("postgres")) database = await createTestDatabase("postgres");
  });

  afterEach(async () => {
    await shop?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  afterAll(async () => {
    await database?.close();
  });

  async function start(graceSeconds: number): Promise<ShopServer> {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-stop-"));
    const onPostgres: Record<string, string> = database ? { DATABASE_URL: database.url!, BETTER_AUTH_SECRET: "graceful-stop-secret-graceful-stop-secret-01" } : {};
    shop = await startShopServer({ dataDir, buildDir: await sharedTestBuild(inject("testBuildRoot")), env: { SHUTDOWN_GRACE_SECONDS: String(graceSeconds), ...onPostgres } });
    return shop;
  }

  it("answers the request under way whole, closes idle connections at once, takes no new ones, and exits 0", { timeout: 180_000 }, async () => {
    const server = await start(60);
    const idle = await idleKeepAlive(server.url);
    let idleOpen = true;
    void idle.closed.then(() => (idleOpen = false));
    const underWay = await requestUnderWay(server.url);
    expect(idleOpen).toBe(true);
    process.kill(server.pid, "SIGTERM");

    await expect.poll(() => refused(server.url), { timeout: 15_000 }).toBe(true);
    // An idle keep-alive connection does not hold the stop for its 65 s keep-alive time.
    await expect.poll(() => idleOpen, { timeout: 10_000 }).toBe(false);
    expect(server.running()).toBe(true);

    const answer = await underWay.finish();
    // The lookup's whole answer (no such order: its message, and the page to its end).
    expect(answer).toMatch(/HTTP\/1\.1 404 Not Found/);
    expect(answer).toContain(orderLookup.notFound);
    expect(answer.trimEnd()).toMatch(/<\/html>(\r\n0)?$/);
    expect(await exited(server, 15_000)).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain("SIGTERM received: finishing the requests under way (at most 60 s)");
  });

  it("cuts a request still unfinished when the grace period ends, and exits 1 saying so", { timeout: 180_000 }, async () => {
    const server = await start(2);
    const underWay = await requestUnderWay(server.url);
    const cut = new Promise<void>((resolve) => underWay.socket.once("close", () => resolve()));
    const signalled = Date.now();
    process.kill(server.pid, "SIGTERM");
    await cut;
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_500);
    expect(await exited(server, 15_000)).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain("shutdown: 1 connection(s) still busy after 2 s were cut");
  });
});
