// LOG_REQUESTS=true writes one line per request. A payment session id in a path is what opens its
// order's details (name, e-mail, delivery address), so whoever reads the log must not find one.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLog } from "./request-log.ts";

const SESSION = "cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuV";
const TOKEN = "rT0k3nRt0K3nrt0k3nRT0K";

let base = "";
let close = () => Promise.resolve();
let lines: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(requestLog((line) => lines.push(line)));
  app.all("*splat", (_req, res) => void res.status(200).send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

/** The line the log wrote for one request, without its time and duration. */
async function logged(path: string, method = "GET"): Promise<string> {
  lines = [];
  await (await fetch(base + path, { method })).text();
  await expect.poll(() => lines.length).toBe(1);
  return lines[0]!.split(" ").slice(1, -1).join(" ");
}

describe("the request log", () => {
  it("writes the payment page and the order confirmation without their session id", async () => {
    expect(await logged(`/pay/${SESSION}`)).toBe("GET /pay/:sessionId 200");
    expect(await logged(`/pay/${SESSION}`, "POST")).toBe("POST /pay/:sessionId 200");
    expect(await logged(`/order-confirmation/${SESSION}`)).toBe("GET /order-confirmation/:sessionId 200");
  });

  it("hides the id in the router's data requests, in any spelling of the page's name, and in longer paths", async () => {
    expect(await logged(`/pay/${SESSION}.data`, "POST")).toBe("POST /pay/:sessionId.data 200");
    expect(await logged(`/order-confirmation/${SESSION}.data`)).toBe("GET /order-confirmation/:sessionId.data 200");
    // Redirected to the page's own address, but logged first as asked.
    expect(await logged(`/PAY/${SESSION}`)).toBe("GET /PAY/:sessionId 200");
    expect(await logged(`/p%61y/${SESSION}/`)).toBe("GET /p%61y/:sessionId 200");
    expect(await logged(`/order-confirmation/${SESSION}/more`)).toBe("GET /order-confirmation/:sessionId/more 200");
  });

  it("hides a password reset token sent in the path to the library's reset link", async () => {
    expect(await logged(`/api/auth/reset-password/${TOKEN}`)).toBe("GET /api/auth/reset-password/:token 200");
  });

  it("writes every other path as it is, never the query string", async () => {
    expect(await logged("/order-confirmation")).toBe("GET /order-confirmation 200");
    expect(await logged("/product/0b5c9a3e-1d2f-4c6a-8e7b-123456789abc")).toBe("GET /product/0b5c9a3e-1d2f-4c6a-8e7b-123456789abc 200");
    expect(await logged("/payment/x")).toBe("GET /payment/x 200");
    expect(await logged("/auth/reset-password?token=" + TOKEN)).toBe("GET /auth/reset-password 200");
    expect(await logged("/orders/lookup?order=%231A2B3C4D")).toBe("GET /orders/lookup 200");
  });
});
