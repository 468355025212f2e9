// The production build and the shop's server as a child process (`npm start`'s own command), with
// its memory watched: the bench measures it, and the tests whose defects show only in the bundle
// (several processes on one database, a database restart) run it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = new URL("../../", import.meta.url);
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const RSS_SAMPLE_MS = 200;
const OUTPUT_KEEP_CHARS = 20_000;
const BUILD_WAIT_MS = 300_000;

/** Runs `npm run build` into buildDir; its chatter is shown only when it fails. */
export async function buildApp(buildDir: string): Promise<void> {
  const child = spawn("npm", ["run", "build"], { cwd: ROOT, env: { ...process.env, BUILD_DIR: buildDir }, stdio: ["ignore", "pipe", "pipe"] });
  const output = collectOutput(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}):\n${output()}`);
}

/**
 * One production build shared by every test file of a run that needs it: the first caller builds
 * into `root` (the integration global setup hands each run a fresh one), the others wait for it.
 * The lock is a directory, so test files in other worker processes wait too.
 */
export async function sharedTestBuild(root: string): Promise<string> {
  const buildDir = path.join(root, "build");
  const ready = path.join(root, "ready");
  const failed = path.join(root, "failed");
  let builder = false;
  try {
    mkdirSync(path.join(root, "lock"), { recursive: false });
    builder = true;
  } catch {
    // Another test file is building it.
  }
  if (builder) {
    try {
      await buildApp(buildDir);
      writeFileSync(ready, "");
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? error.message : String(error));
      throw error;
    }
    return buildDir;
  }
  const deadline = Date.now() + BUILD_WAIT_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed)) throw new Error(`the shared test build failed:\n${readFileSync(failed, "utf8")}`);
    if (Date.now() > deadline) throw new Error(`the shared test build was not ready in ${BUILD_WAIT_MS / 1000} s`);
    await sleep(250);
  }
  return buildDir;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function collectOutput(child: ChildProcess): () => string {
  let text = "";
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-OUTPUT_KEEP_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => text;
}

/** Resident memory of a process in bytes from /proc (Linux): now and the kernel's high-water mark. */
function readMemory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), peak: kb("VmHWM") };
  } catch {
    return null;
  }
}

export type ShopServer = {
  url: string;
  pid: number;
  /** False once the process has exited (or crashed). */
  running(): boolean;
  /** The exit code or signal, once it has exited. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Highest resident memory seen since the start, in bytes (null where /proc is missing). */
  peakMemoryBytes(): number | null;
  output(): string;
  stop(): Promise<void>;
};

/**
 * How `npm start` runs the production server: package.json's "start:prod" script, read here so
 * the bench measures the same process (`tsx src/host/server.ts`, or `node [flags] build/host/server.js`
 * with the bench's own build directory in place of "build").
 */
export function productionServerCommand(buildDir: string): { nodeArgs: string[]; description: string } {
  const script = (JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")) as { scripts?: Record<string, string> }).scripts?.["start:prod"];
  if (!script) throw new Error('package.json has no "start:prod" script');
  const [program, ...rest] = script
    .split(/\s+/)
    // environment assignments (NODE_ENV=production) are set by the bench; `exec` hands the shell's
    // process to node, so a stop signal reaches the server itself
    .filter((word) => word !== "" && word !== "exec" && !/^[A-Z_]+=/.test(word))
    .map((word) => word.replace(/^(\$\{BUILD_DIR:-build\}|\$BUILD_DIR|build)\//, `${buildDir}/`));
  if (program === "tsx") return { nodeArgs: ["--import", "tsx", ...rest], description: `node --import tsx ${rest.join(" ")}` };
  if (program === "node") return { nodeArgs: rest, description: `node ${rest.join(" ")}` };
  throw new Error(`the bench cannot tell how "start:prod" starts the server: ${script}`);
}

/** Starts the production server on a free loopback port and waits until /api/health answers 200. */
export async function startShopServer(options: {
  dataDir: string;
  buildDir: string;
  env?: Record<string, string>;
  /** Extra Node flags for the server, before those of "start:prod" (e.g. --cpu-prof when profiling). */
  nodeArgs?: string[];
}): Promise<ShopServer> {
  const port = await freeLoopbackPort();
  const command = productionServerCommand(options.buildDir);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...command.nodeArgs], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED_CATALOGUE: "false",
      DATA_DIR: options.dataDir,
      BUILD_DIR: options.buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_PASSWORD: "bench-admin-password",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const pid = child.pid;
  if (pid === undefined) throw new Error("could not start the server process");
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  let running = true;
  void exited.then(() => (running = false));

  let peak: number | null = null;
  const sample = () => {
    const memory = readMemory(pid);
    if (memory) peak = Math.max(peak ?? 0, memory.rss, memory.peak);
  };
  const sampler = setInterval(sample, RSS_SAMPLE_MS);

  const stop = async () => {
    clearInterval(sampler);
    if (!running) return;
    child.kill("SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
    if (!stopped) {
      child.kill("SIGKILL");
      await exited;
    }
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (!running) throw new Error(`the server exited during start:\n${output()}`);
      if (Date.now() > deadline) throw new Error(`the server did not become healthy in ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
      const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    pid,
    running: () => running,
    exit: () => exit,
    peakMemoryBytes: () => {
      if (running) sample();
      return peak;
    },
    output,
    stop,
  };
}
