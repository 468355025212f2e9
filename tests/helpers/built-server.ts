// A production server of its own for host tests: `node <BUILD_DIR>/host/server.js` on a free
// loopback port with a fresh embedded database, its output kept so a test can read the log.
// Tests that flood a server with requests (the fuzz test) or need their own settings use it, so
// the per-IP limits of the journeys' shared server are not used up.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export type BuiltServer = {
  base: string;
  pid: number;
  /** Its DATA_DIR (the outbox's e-mails are files under it), removed when it stops. */
  dataDir: string;
  /** Everything the server has printed so far (stdout and stderr). */
  log: () => string;
  /** The server's resident memory now, in bytes (Linux). */
  rssBytes: () => number;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-host-"));
  const base = `http://127.0.0.1:${port}`;
  const buildDir = process.env.BUILD_DIR ?? "build";
  const child: ChildProcess = spawn(process.execPath, [path.join(buildDir, "host/server.js")], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: buildDir,
      PUBLIC_URL: base,
      ADMIN_EMAIL: "admin@shop.test",
      ADMIN_PASSWORD: "host-test-admin-password",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start within 2 minutes:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    base,
    pid: child.pid!,
    dataDir,
    log: () => output,
    rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) * 1024,
    stop,
  };
}
