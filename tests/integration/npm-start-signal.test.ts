// A supervisor (systemd, `docker stop`, a process manager) stops the shop by signalling the
// process it started: `npm run start:prod`. The signal must reach the server, which then drains
// and exits; before, npm and a shell stood between them, and the server ran on, orphaned.
// Through npm itself, on the built server.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sharedTestBuild } from "../helpers/server-process.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-npm-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

describe("npm run start:prod", () => {
  it("passes SIGTERM sent to npm on to the server, which drains and stops", { timeout: 180_000 }, async () => {
    const port = await freePort();
    const buildDir = await sharedTestBuild(inject("testBuildRoot"));
    const npm = spawn("npm", ["run", "--silent", "start:prod"], {
      cwd: ROOT,
      env: {
        // The Node running the tests (24) first: `node` in the script must not be the system's.
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
        HOME: process.env.HOME ?? os.tmpdir(),
        BUILD_DIR: buildDir,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_CATALOGUE: "false",
        ADMIN_PASSWORD: "npm-start-admin-password",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    npm.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
    try {
      for (const started = Date.now(); !output.includes("Shop ready"); await sleep(100)) {
        if (Date.now() - started > 120_000 || npm.exitCode !== null) throw new Error(`the shop did not start:\n${output}`);
      }
      npm.kill("SIGTERM");
      for (const started = Date.now(); await listening(port); await sleep(100)) {
        if (Date.now() - started > 30_000) throw new Error(`the server still listens after npm was told to stop:\n${output}`);
      }
      expect(output).toContain("SIGTERM received");
    } finally {
      if (npm.exitCode === null) npm.kill("SIGKILL");
      await exited;
    }
  });
});
