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

/** How long a read may wait for the first chunk before the request is aborted and the test fails. */
const READ_DEADLINE_MS = 10_000;

/** A promise the test opens itself: a handler waits on it to end its response. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

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

  // Each handler below holds the end of its response until the test has read the first chunk, so the
  // order is proved rather than timed: were the first write held back until the end, the read could
  // never return and the deadline would abort the request.
  it("still streams: what was written and flushed leaves before the response ends", async () => {
    const rest = gate();
    const url = await serve(async (res) => {
      res.setHeader("Content-Type", "text/html");
      res.write("<h1>shell</h1>");
      res.flush?.();
      await rest.opened;
      res.end("<p>rest</p>");
    });
    try {
      const response = await fetch(url, { headers: { "accept-encoding": "br" }, signal: AbortSignal.timeout(READ_DEADLINE_MS) });
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      expect(decode(first.value)).toContain("<h1>shell</h1>");
      rest.open();
      let remainder = "";
      for (let part = await reader.read(); !part.done; part = await reader.read()) remainder += decode(part.value);
      expect(remainder).toContain("<p>rest</p>");
    } finally {
      rest.open();
    }
  }, 2 * READ_DEADLINE_MS);

  it("sends data written without any flush at the end of the turn, not only at the end", async () => {
    const rest = gate();
    const url = await serve(async (res) => {
      res.setHeader("Content-Type", "text/plain");
      res.write("early");
      await rest.opened;
      res.end(" late");
    });
    try {
      const response = await fetch(url, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(READ_DEADLINE_MS) });
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      expect(decode(first.value)).toBe("early");
      rest.open();
      let remainder = "";
      for (let part = await reader.read(); !part.done; part = await reader.read()) remainder += decode(part.value);
      expect(remainder).toBe(" late");
    } finally {
      rest.open();
    }
  }, 2 * READ_DEADLINE_MS);

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
