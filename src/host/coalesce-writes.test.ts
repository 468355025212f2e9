import { setTimeout as sleep } from "node:timers/promises";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../../tests/helpers/listen.ts";
import { coalesceWrites } from "./coalesce-writes.ts";

type Handler = (res: express.Response & { flush?: () => void }) => Promise<void> | void;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: Handler): Promise<string> {
  const app = express();
  app.use(compression());
  app.get("/", coalesceWrites, (_req, res) => void handler(res));
  const listening = await listenOnLoopback(app);
  close = listening.close;
  return `${listening.base}/`;
}

const page = Array.from({ length: 40 }, (_, i) => `<p>paragraph ${i} ${"text ".repeat(60)}</p>`);

describe("coalesceWrites", () => {
  for (const encoding of ["br", "gzip", "identity"]) {
    it(`delivers every chunk written with a flush after each, in order (${encoding})`, async () => {
      const url = await serve((res) => {
        res.setHeader("Content-Type", "text/html");
        for (const chunk of page) {
          res.write(chunk);
          res.flush?.();
        }
        res.end("<footer>end</footer>");
      });
      const response = await fetch(url, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding") ?? "identity").toBe(encoding);
      expect(await response.text()).toBe(page.join("") + "<footer>end</footer>");
    });
  }

  it("still streams: what was written and flushed leaves before the response ends", async () => {
    const url = await serve(async (res) => {
      res.setHeader("Content-Type", "text/html");
      res.write("<h1>shell</h1>");
      res.flush?.();
      await sleep(300);
      res.end("<p>rest</p>");
    });
    const started = Date.now();
    const response = await fetch(url, { headers: { "accept-encoding": "br" } });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Date.now() - started).toBeLessThan(250);
    expect(new TextDecoder().decode(first.value)).toContain("<h1>shell</h1>");
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
    expect(rest).toContain("<p>rest</p>");
  });

  it("sends data written without any flush at the end of the turn, not only at the end", async () => {
    const url = await serve(async (res) => {
      res.setHeader("Content-Type", "text/plain");
      res.write("early");
      await sleep(300);
      res.end(" late");
    });
    const started = Date.now();
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Date.now() - started).toBeLessThan(250);
    expect(new TextDecoder().decode(first.value)).toBe("early");
  });

  it("keeps a write callback's meaning", async () => {
    let called = false;
    const url = await serve((res) => {
      res.write("a");
      res.write("b", () => {
        called = true;
      });
      res.end("c");
    });
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(await response.text()).toBe("abc");
    expect(called).toBe(true);
  });
});
