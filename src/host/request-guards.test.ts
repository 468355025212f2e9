// A refused body is drained before the connection is dropped, so a client still sending gets its
// 413 instead of a reset: checked with a raw socket that reads nothing until it has sent its body.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestErrors } from "../domain/messages/requests.ts";
import { limitBodies } from "./request-guards.ts";

const LIMIT = 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");
const chunkFrame = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from("\r\n")]);

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(lingerMs?: number): Promise<number> {
  const app = express();
  app.use(limitBodies(() => LIMIT, lingerMs === undefined ? {} : { lingerMs }));
  // Reads the body as React Router's adapter does: the limit counts what is read.
  app.post("/message", (req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => void res.send(`taken ${bytes}`));
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return (server.address() as AddressInfo).port;
}

type Sent = { bytes: number; error?: string };

/** Sends a chunked body of `bytes` (or until the connection fails), reading nothing meanwhile. */
async function sendWithoutReading(socket: net.Socket, bytes: number): Promise<Sent> {
  let failure: string | undefined;
  socket.on("error", (error) => (failure = (error as NodeJS.ErrnoException).code ?? error.message));
  socket.write("POST /message HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n");
  let sent = 0;
  while (sent < bytes && failure === undefined && !socket.destroyed) {
    sent += CHUNK.length;
    if (!socket.write(chunkFrame)) await writable(socket);
  }
  if (failure === undefined && !socket.destroyed) socket.write("0\r\n\r\n");
  return { bytes: sent, error: failure };
}

/** The socket can take more, or has failed (events.once would reject on the failure). */
const writable = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    for (const event of ["drain", "close", "error"]) socket.once(event, () => resolve());
  });

async function answerOf(socket: net.Socket): Promise<string> {
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (text: string) => (answer += text));
  await Promise.race([new Promise((resolve) => socket.on("data", () => answer.includes(requestErrors.tooLarge) && resolve(null))), once(socket, "close")]);
  return answer;
}

describe("a body over its limit", () => {
  it("is drained past the first 8 MB while the client keeps sending, so the 413 reaches a client that reads only at the end", async () => {
    const port = await serve();
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    const sent = await sendWithoutReading(socket, 12 * 1024 * 1024);
    expect(sent.error).toBeUndefined();
    const answer = await answerOf(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(requestErrors.tooLarge);
    socket.destroy();
  });

  it("does not hold the connection for a body that never ends: past the drain and the linger it is dropped", async () => {
    const port = await serve(50);
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    const sent = await sendWithoutReading(socket, 4 * 1024 * 1024 * 1024);
    expect(sent.error ?? (socket.destroyed ? "closed" : undefined)).toBeDefined();
    expect(sent.bytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(sent.bytes).toBeLessThan(4 * 1024 * 1024 * 1024);
    socket.destroy();
  });
});
