// CPU per request of the storefront discovery views (docs/search.md, "CPU per request"): the shop's
// production server on a PostgreSQL catalogue of each size (bench/catalogue.ts), each discovery
// view under a light autocannon load, and the CPU time of the shop's process and of PostgreSQL's
// processes (/proc/<pid>/stat) divided by the requests served. On a machine shared with other work
// latency says little; CPU per request does.
//
//   npx tsx bench/discovery-cpu.ts --builds=build-before,build-after [--sizes=10000,100] [--rounds=2]
//       [--seconds=6] [--warmup=2] [--connections=4] [--views=api|pages|both] [--dir=/tmp/menswear-discovery-cpu]
//       [--profile=DIR]
//
// Each build is a production build made beforehand (`BUILD_DIR=build-before npm run build`); the
// builds run alternately (A B, then B A, ...) so that other work on the machine weighs on both
// alike. The databases live in --dir and are kept between runs: a PostgreSQL data folder started
// and stopped by this script. Delete the folder to start afresh. The page cache is off (every
// request renders and queries), as in `npm run bench`'s discovery rows.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { createCatalogueDatabase, type CatalogueFacts } from "./catalogue.ts";
import { discoveryRoutes, HTML_ROW } from "./discovery-routes.ts";
import { BROWSER_HEADERS, type Route } from "./load.ts";
import { measureCpu, startKeptPostgres, type KeptPostgres, type Measure } from "./cpu-per-request.ts";
import { startShopServer } from "../tests/helpers/server-process.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const { values: args } = parseArgs({
  options: {
    builds: { type: "string", default: "build" },
    sizes: { type: "string", default: "10000,100" },
    rounds: { type: "string", default: "2" },
    seconds: { type: "string", default: "6" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "4" },
    views: { type: "string", default: "api" },
    dir: { type: "string", default: path.join(os.tmpdir(), "menswear-discovery-cpu") },
    profile: { type: "string" },
  },
});

const log = (message: string) => console.error(`[discovery-cpu] ${message}`);
/** The catalogue of `size` products in a database of its own, filled once and kept. */
async function prepareCatalogue(kept: KeptPostgres, dir: string, size: number): Promise<CatalogueFacts> {
  const factsFile = path.join(dir, `facts-${size}.json`);
  if (existsSync(factsFile)) return JSON.parse(readFileSync(factsFile, "utf8")) as CatalogueFacts;
  log(`filling a catalogue of ${size} products`);
  const client = new pg.Client({ connectionString: kept.url("postgres") });
  await client.connect();
  await client.query(`drop database if exists bench_${size}`);
  await client.query(`create database bench_${size}`);
  await client.end();
  const facts = await createCatalogueDatabase({ engine: "postgres", url: kept.url(`bench_${size}`) }, size);
  writeFileSync(factsFile, JSON.stringify(facts, null, 2));
  return facts;
}

function routesOf(facts: CatalogueFacts): Route[] {
  const all = discoveryRoutes(facts, "both");
  if (args.views === "api") return all.filter((route) => !route.name.endsWith(HTML_ROW));
  if (args.views === "pages") return all.filter((route) => route.name.endsWith(HTML_ROW));
  return all;
}

async function main(): Promise<void> {
  const builds = args.builds.split(",").map((b) => b.trim()).filter(Boolean);
  for (const build of builds) {
    if (!existsSync(path.join(ROOT, build, "host", "server.js"))) throw new Error(`no production build in ${build}/ (BUILD_DIR=${build} npm run build)`);
  }
  const sizes = args.sizes.split(",").map((s) => Number(s.trim()));
  const dir = path.resolve(args.dir);
  const kept = await startKeptPostgres(dir);
  const results: { build: string; size: number; round: number; route: string; path: string; bytes: number; m: Measure }[] = [];
  try {
    const facts = new Map<number, CatalogueFacts>();
    for (const size of sizes) facts.set(size, await prepareCatalogue(kept, dir, size));
    const loadAtStart = os.loadavg()[0]!;
    for (let round = 0; round < Number(args.rounds); round++) {
      for (const size of sizes) {
        const order = round % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const dataDir = path.join(dir, "shop");
          mkdirSync(dataDir, { recursive: true });
          const nodeArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
          const server = await startShopServer({
            dataDir,
            buildDir: build,
            nodeArgs,
            env: { TRUST_PROXY: "loopback", DATABASE_URL: kept.url(`bench_${size}`), PAGE_CACHE_SECONDS: "0", BETTER_AUTH_SECRET: "discovery-cpu-bench-secret-0123456789abcdef" },
          });
          try {
            for (const route of routesOf(facts.get(size)!)) {
              const check = await fetch(server.url + route.path, { headers: BROWSER_HEADERS });
              const body = await check.text();
              if (!check.ok || !body.includes(route.mustContain)) throw new Error(`${build} ${route.path}: ${check.status}, expected content missing`);
              const m = await measureCpu(server.url + route.path, server.pid, kept.postmasterPid(), {
                seconds: Number(args.seconds),
                warmup: Number(args.warmup),
                connections: Number(args.connections),
              });
              results.push({ build, size, round, route: route.name, path: route.path, bytes: Buffer.byteLength(body), m });
              log(
                `round ${round + 1} ${size} ${build} ${route.path}: node ${m.nodeMs.toFixed(2)} ms, pg ${m.pgMs.toFixed(2)} ms per request ` +
                  `(${m.requests} requests, ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, ${m.non2xx} non-2xx, ${(Buffer.byteLength(body) / 1024).toFixed(1)} KB)`,
              );
            }
          } finally {
            await server.stop();
          }
        }
      }
    }
    const loadAtEnd = os.loadavg()[0]!;
    const lines = [
      `CPU per request, ms (node / PostgreSQL), mean of ${args.rounds} rounds, ${args.connections} connections, ${args.seconds} s, page cache off; load average ${loadAtStart.toFixed(1)} -> ${loadAtEnd.toFixed(1)}`,
      ["products", "route", ...builds.map((b) => `${b} (node / pg, KB)`)].join(" | "),
    ];
    for (const size of sizes) {
      for (const routePath of [...new Set(results.filter((r) => r.size === size).map((r) => r.path))]) {
        const cells = builds.map((build) => {
          const rows = results.filter((r) => r.size === size && r.path === routePath && r.build === build);
          const mean = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((sum, r) => sum + pick(r), 0) / Math.max(1, rows.length);
          const each = rows.map((r) => (r.m.nodeMs + r.m.pgMs).toFixed(2)).join(", ");
          return `${mean((r) => r.m.nodeMs).toFixed(2)} / ${mean((r) => r.m.pgMs).toFixed(2)}, ${(mean((r) => r.bytes) / 1024).toFixed(1)} KB [total each: ${each}]`;
        });
        lines.push([String(size), routePath.split("&pageSize")[0], ...cells].join(" | "));
      }
    }
    console.log(lines.join("\n"));
    mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results/discovery-cpu.json"), `${JSON.stringify({ loadAtStart, loadAtEnd, args, results }, null, 2)}\n`);
  } finally {
    kept.stop();
  }
}

await main();
