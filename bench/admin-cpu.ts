// CPU per request of the admin screens (docs/admin-performance.md, "CPU per request"): the shop's
// production server on the bench's PostgreSQL shop (bench/orders.ts: 100,000 orders, 300,000 lines,
// 40,000 customers), each admin route under a light autocannon load as the signed-in admin, and the
// CPU time of the shop's process and of PostgreSQL's processes (/proc/<pid>/stat) divided by the
// requests served. On a machine shared with other work, latency says little; CPU per request does.
//
//   npx tsx bench/admin-cpu.ts --builds=build-before,build-after [--rounds=2] [--seconds=8]
//       [--warmup=2] [--connections=4] [--routes=admin,admin orders] [--dir=/tmp/menswear-admin-cpu]
//       [--orders=100000] [--profile=DIR]
//
// Each build is a production build made beforehand (`BUILD_DIR=build-before npm run build`); the
// builds are run alternately (A B, then B A, ...) so that other work on the machine weighs on both
// alike. The database lives in --dir and is kept between runs (filling it takes minutes): a
// PostgreSQL data folder started and stopped by this script. Delete the folder to start afresh.
// --profile=DIR runs each server with `node --cpu-prof` and writes its profiles there.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { adminRoutes, BENCH_ADMIN, signInAdmin } from "./admin.ts";
import { createCatalogueDatabase } from "./catalogue.ts";
import { measureCpu, startKeptPostgres, type KeptPostgres, type Measure } from "./cpu-per-request.ts";
import { fillOrders, type OrderFacts } from "./orders.ts";
import { startShopServer } from "../tests/helpers/server-process.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const { values: args } = parseArgs({
  options: {
    builds: { type: "string", default: "build" },
    rounds: { type: "string", default: "2" },
    seconds: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "4" },
    routes: { type: "string" },
    dir: { type: "string", default: path.join(os.tmpdir(), "menswear-admin-cpu") },
    orders: { type: "string", default: "100000" },
    profile: { type: "string" },
  },
});

const log = (message: string) => console.error(`[admin-cpu] ${message}`);
// ---- The shop ----------------------------------------------------------------------------------

type Kept = { facts: OrderFacts; secret: string };

async function prepareShop(pg: KeptPostgres, dir: string, orders: number): Promise<Kept> {
  const keptFile = path.join(dir, "facts.json");
  if (!pg.fresh && existsSync(keptFile)) return JSON.parse(readFileSync(keptFile, "utf8")) as Kept;
  log(`filling a shop with ${orders} orders (minutes)`);
  const admin = spawnSync("psql", [pg.url("postgres"), "-c", "create database bench_admin"], { encoding: "utf8" });
  if (admin.status !== 0 && !/already exists/.test(admin.stderr)) {
    // psql may be missing: create it through pg instead.
    const pgModule = await import("pg");
    const client = new pgModule.default.Client({ connectionString: pg.url("postgres") });
    await client.connect();
    await client.query("create database bench_admin").catch((error: unknown) => {
      if (!/already exists/.test(String(error))) throw error;
    });
    await client.end();
  }
  const url = pg.url("bench_admin");
  await createCatalogueDatabase({ engine: "postgres", url }, 100);
  const facts = await fillOrders({ engine: "postgres", url }, { orders, customers: Math.round(orders * 0.4) });
  const kept: Kept = { facts, secret: randomBytes(32).toString("base64url") };
  writeFileSync(keptFile, JSON.stringify(kept, null, 2));
  return kept;
}

async function main(): Promise<void> {
  const builds = args.builds.split(",").map((b) => b.trim()).filter(Boolean);
  for (const build of builds) {
    if (!existsSync(path.join(ROOT, build, "host", "server.js"))) throw new Error(`no production build in ${build}/ (BUILD_DIR=${build} npm run build)`);
  }
  const dir = path.resolve(args.dir);
  const pg = await startKeptPostgres(dir);
  const results: { build: string; round: number; route: string; bytes: number; m: Measure }[] = [];
  try {
    const kept = await prepareShop(pg, dir, Number(args.orders));
    const only = args.routes?.split(",").map((name) => name.trim());
    const loadAtStart = os.loadavg()[0]!;
    for (let round = 0; round < Number(args.rounds); round++) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const dataDir = path.join(dir, "shop");
        mkdirSync(dataDir, { recursive: true });
        const nodeArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
        const server = await startShopServer({
          dataDir,
          buildDir: build,
          nodeArgs,
          env: {
            TRUST_PROXY: "loopback",
            DATABASE_URL: pg.url("bench_admin"),
            BETTER_AUTH_SECRET: kept.secret,
            ADMIN_EMAIL: BENCH_ADMIN.email,
            ADMIN_PASSWORD: BENCH_ADMIN.password,
          },
        });
        try {
          const cookie = await signInAdmin(server.url);
          const routes = adminRoutes(kept.facts, cookie).filter((route) => !only || only.includes(route.name));
          for (const route of routes) {
            const check = await fetch(server.url + route.path, { headers: route.headers });
            const body = await check.text();
            if (!check.ok || !body.includes(route.mustContain)) throw new Error(`${build} ${route.path}: ${check.status}, expected content missing`);
            const m = await measureCpu(server.url + route.path, server.pid, pg.postmasterPid(), {
              seconds: Number(args.seconds),
              warmup: Number(args.warmup),
              connections: Number(args.connections),
              headers: route.headers ?? {},
            });
            results.push({ build, round, route: route.name, bytes: Buffer.byteLength(body), m });
            log(
              `round ${round + 1} ${build} ${route.name}: node ${m.nodeMs.toFixed(1)} ms, pg ${m.pgMs.toFixed(1)} ms per request ` +
                `(${m.requests} requests, ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, ${m.non2xx} non-2xx, ${(Buffer.byteLength(body) / 1024).toFixed(0)} KB)`,
            );
          }
        } finally {
          await server.stop();
        }
      }
    }
    const loadAtEnd = os.loadavg()[0]!;
    const routeNames = [...new Set(results.map((r) => r.route))];
    const lines = [
      `CPU per request, ms (node / PostgreSQL), mean of ${args.rounds} rounds, ${args.connections} connections, ${args.seconds} s; load average ${loadAtStart.toFixed(1)} -> ${loadAtEnd.toFixed(1)}`,
      ["route", ...builds.map((b) => `${b} (node / pg, KB)`)].join(" | "),
    ];
    for (const name of routeNames) {
      const cells = builds.map((build) => {
        const rows = results.filter((r) => r.route === name && r.build === build);
        const mean = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0) / Math.max(1, rows.length);
        const each = rows.map((r) => (r.m.nodeMs + r.m.pgMs).toFixed(1)).join(", ");
        return `${mean((r) => r.m.nodeMs).toFixed(1)} / ${mean((r) => r.m.pgMs).toFixed(1)}, ${(mean((r) => r.bytes) / 1024).toFixed(0)} KB [total each: ${each}]`;
      });
      lines.push([name, ...cells].join(" | "));
    }
    console.log(lines.join("\n"));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/admin-cpu.json"), `${JSON.stringify({ loadAtStart, loadAtEnd, args, results }, null, 2)}\n`);
  } finally {
    pg.stop();
  }
}

await main();
