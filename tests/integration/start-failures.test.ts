// A shop that cannot start must say why in a line naming the setting, and stop: not print "Shop
// ready" on a port another program holds (it did, and then served nothing), nor a
// stack trace for a database it cannot reach or a DATA_DIR it cannot write.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { pgliteInUseNote } from "../../src/server/db/pglite-in-use.server.ts";
import { productionServerCommand, sharedTestBuild } from "../helpers/server-process.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-listen-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the production server until it exits (at most a minute), with what it printed. */
async function runShop(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const buildDir = await sharedTestBuild(inject("testBuildRoot"));
  const command = productionServerCommand(buildDir);
  const child = spawn(process.execPath, command.nodeArgs, {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", SEED_CATALOGUE: "false", DATA_DIR: dataDir, BUILD_DIR: buildDir, ADMIN_PASSWORD: "listen-test-admin-password", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

describe("a server that cannot start", () => {
  it("says the port is taken and exits 1, never 'Shop ready'", { timeout: 120_000 }, async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const { code, output } = await runShop({ PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}` });
      expect(output).toContain(`Cannot start: port ${port} on 127.0.0.1 is already in use`);
      expect(output).not.toContain("Shop ready");
      expect(code).toBe(1);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it("says HOST is not an address of this machine and exits 1", { timeout: 120_000 }, async () => {
    // 192.0.2.1 (TEST-NET-1) is never a local address.
    const { code, output } = await runShop({ PORT: "0", HOST: "192.0.2.1", PUBLIC_URL: "http://127.0.0.1:3000" });
    expect(output).toContain("Cannot start: HOST 192.0.2.1 is not an address of this machine");
    expect(code).toBe(1);
  });

  it("names DATABASE_URL when the database cannot be reached, in one line", { timeout: 120_000 }, async () => {
    const { code, output } = await runShop({ PORT: "0", HOST: "127.0.0.1", DATABASE_URL: "postgres://shop:secret@127.0.0.1:1/shop", BETTER_AUTH_SECRET: "x".repeat(40) });
    expect(output.trim()).toBe("Cannot start: the database at 127.0.0.1:1 (DATABASE_URL) cannot be reached: ECONNREFUSED. Check that PostgreSQL runs there and the host and port are right.");
    expect(code).toBe(1);
  });

  it("names DATA_DIR when it cannot be written, in one line", { timeout: 120_000 }, async () => {
    // A file where the folder should be: no user may make a folder inside it.
    const blocked = path.join(dataDir, "a-file");
    writeFileSync(blocked, "");
    const { code, output } = await runShop({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: path.join(blocked, "data") });
    expect(output.trim()).toMatch(/^Cannot start: .*a-file\/data.* cannot be written \(ENOTDIR\)\. DATA_DIR \(.*\) must be a folder this user may write to\.$/);
    expect(code).toBe(1);
  });

  it("refuses an embedded database another shop has open, naming it", { timeout: 120_000 }, async () => {
    // The note a running shop leaves in the folder, naming a living Node process: this test's own.
    const shared = mkdtempSync(path.join(os.tmpdir(), "shop-shared-"));
    try {
      mkdirSync(path.join(shared, "pglite"));
      writeFileSync(pgliteInUseNote(path.join(shared, "pglite")), String(process.pid));
      const { code, output } = await runShop({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: shared });
      expect(output.trim()).toBe(`Cannot start: another shop (process ${process.pid}) has the embedded database in ${path.join(shared, "pglite")} open. Stop it, or give this one another DATA_DIR.`);
      expect(code).toBe(1);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
