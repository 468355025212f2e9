// The HTTP host: security headers, compression, static files, rate limits, then React Router.
// One process serves everything on one port, in development (Vite middleware) and production.
import "./require-node.ts";
import { randomBytes } from "node:crypto";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { isPublicHttpsUrl, publicUrlWarning } from "../domain/public-url.ts";
import { answeredWhileDatabaseAway, outagesAs503 } from "./outages.ts";
import { coalesceWrites } from "./coalesce-writes.ts";
import { drainThenClose } from "./drain.ts";
import { createPageCache } from "./page-cache.ts";
import { redirectToCanonicalPagePath } from "./canonical-paths.ts";
import { isApiPath, limitBodies, PAGE_METHODS, privateWhenPersonal, refuse, refuseNulInUrl, sameOriginStateChanges, settleMethods, SHOP_METHODS } from "./request-guards.ts";
import { SEED_IMAGES_DIRECTORY, startApp, uploadsDirectory } from "../server/app-context.server.ts";
import { UPLOAD_LIMITS } from "../domain/admin/upload-limits.ts";
import { withoutCredentials } from "../domain/credential-paths.ts";
import { requestErrors } from "../domain/messages/requests.ts";
import { ConfigError, loadConfig } from "../server/config/env.server.ts";
import { requestLog } from "./request-log.ts";
import { startupFailureMessage } from "./startup-failure.ts";
import { logRequestError } from "../server/http/error-log.server.ts";
import { withSharedReads } from "../server/db/request-reads.server.ts";
import { CATALOGUE_UPLOAD_BODY_LIMIT, CATALOGUE_UPLOAD_PATHS } from "../server/admin/catalogue-csv/catalogue-upload.server.ts";
import { CURRENCY_COOKIE } from "../server/preferences/currency-preference.server.ts";
// Type only: the keys themselves must come from the server build (see the type below).
import type { provideLoadContext } from "../web/app-context.ts";

/**
 * Request bodies (docs/decisions/010-request-limits-and-origin-check.md): every form and JSON body
 * the shop takes is a few KB (a 5,000-character contact message is at most ~45 KB URL-encoded);
 * the payment provider's events get more room, as their size is not ours to choose.
 */
const BODY_LIMIT_BYTES = 100_000;
const WEBHOOK_BODY_LIMIT_BYTES = 1_000_000;
const WEBHOOK_PATH = "/api/payments/webhook";
/** How long an idle keep-alive connection stays open: longer than a load balancer's own 60 s. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Product images from the admin's editor (decision 025): the request limit of UPLOAD_LIMITS. */
const UPLOADS_PATH = "/api/admin/uploads";

/** The largest body each address takes: the spreadsheet uploads get the file limit (decision 029), the image uploads theirs (decision 025). */
function bodyLimitFor(pathname: string): number {
  if (pathname === WEBHOOK_PATH) return WEBHOOK_BODY_LIMIT_BYTES;
  if (CATALOGUE_UPLOAD_PATHS.includes(pathname)) return CATALOGUE_UPLOAD_BODY_LIMIT;
  if (pathname === UPLOADS_PATH) return UPLOAD_LIMITS.maxRequestBytes;
  return BODY_LIMIT_BYTES;
}

const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * React Router runs a form's action only when the page's Origin is the origin the request came to.
 * Behind a proxy that does not pass the public Host on (nginx's default sends its upstream's), a
 * form posted from the shop's own public address would be refused with a 400: the shop's public
 * host is allowed too, as sameOriginStateChanges allows it.
 */
function withPublicOrigin(build: ServerBuild, publicUrl: string): ServerBuild {
  const allowed = Array.isArray(build.allowedActionOrigins) ? build.allowedActionOrigins : [];
  return { ...build, allowedActionOrigins: [...allowed, new URL(publicUrl).host] };
}

/**
 * Pages (and their client-navigation `.data` twins) that read nothing of the shopper but the
 * display currency: the same for every signed-out shopper, so the page cache may share them.
 */
const PUBLIC_PAGE = /^\/(?:_\.data|(?:category|product)\/[^/]+(?:\.data)?|(?:returns|size-guide|faq)(?:\.data)?|api\/products(?:\/[^/]+)?)?$/;

/** What src/web/entry.server.tsx exports besides React Router's own entry functions. */
type ServerEntryExports = { provideLoadContext: typeof provideLoadContext };

/** Why the shop could not take connections, naming the setting to change. */
function listenFailure(error: Error, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return `Cannot start: port ${port} on ${host} is already in use (another shop or program is listening there). Stop it, or set PORT to a free port.`;
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") return `Cannot start: HOST ${host} is not an address of this machine. Set HOST to one of its addresses (0.0.0.0 for all).`;
  if (code === "EACCES") return `Cannot start: this user may not listen on port ${port}. Set PORT to 1024 or above.`;
  return `Cannot start: listening on ${host}:${port} failed: ${error.message}`;
}

let loadedConfig: ReturnType<typeof loadConfig> | null = null;

async function main() {
  const config = loadConfig();
  loadedConfig = config;
  // NODE_ENV=test runs the production build as production does; it only permits test switches
  // (SCRAPER_ALLOW_HOSTS) that production refuses, for the journeys that need them.
  const isProduction = config.env !== "development";
  const started = await startApp(config);

  const app = express();
  app.disable("x-powered-by");
  // The client's address (for the per-IP limits) is the socket's unless TRUST_PROXY names the
  // proxies in front of the shop: otherwise any client could name itself in X-Forwarded-For.
  app.set("trust proxy", config.trustProxy);

  if (config.logRequests) app.use(requestLog());
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      // Vite's dev server injects inline scripts and a websocket; the policy applies in production.
      contentSecurityPolicy: isProduction
        ? {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "https:"],
              connectSrc: ["'self'"],
              formAction: ["'self'", "https://checkout.stripe.com"],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: null,
            },
          }
        : false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith("https://"),
      // Not helmet's "no-referrer": under it browsers send `Origin: null` with a plain form post,
      // and React Router refuses such actions as cross-site ("Bad Request"), so forms failed
      // before JavaScript loaded. "same-origin" still sends nothing to other sites.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  // Brotli for browsers at quality 3 with a 256 KB window: pages are 10-220 KB, so the ratio is
  // within ~5% of the library's default (quality 4, 4 MB window) for about two thirds of the CPU
  // and a fraction of the memory per response in flight.
  app.use(
    compression({
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );

  // The body limit first: every later refusal drains the body, and the limit bounds that drain.
  app.use(limitBodies(bodyLimitFor));
  app.use(settleMethods);
  app.use(refuseNulInUrl);
  app.use(redirectToCanonicalPagePath);
  app.use(sameOriginStateChanges(new URL(config.publicUrl).origin));

  // Seed product images never change under the same name: cache them for a year (a CDN can front them).
  app.use("/images/products", express.static(SEED_IMAGES_DIRECTORY, { immutable: true, maxAge: "1y", fallthrough: false }));
  // Uploaded and scraped product images (DATA_DIR/uploads, scraped ones under scraped/) are named
  // by a hash of their bytes: a changed image is a new name, so each file is cached for a year,
  // like the seed images (decisions 025 and 032).
  app.use(
    "/uploads",
    express.static(uploadsDirectory(config), { immutable: true, maxAge: "1y", fallthrough: false, index: false, dotfiles: "deny", redirect: false }),
  );

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (isProduction) {
    app.use("/assets", express.static(path.join(config.buildDir, "client/assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
    // Top-level build files (favicon.svg, ...) all have an extension: page URLs skip the disk lookup.
    const clientFiles = express.static(path.join(config.buildDir, "client"), { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? clientFiles(req, res, next) : next()));
    const serverBuildPath = path.join(config.buildDir, "server/index.js");
    build = outagesAs503(withPublicOrigin((await import(serverBuildPath)) as ServerBuild, config.publicUrl));
  } else {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = async () => outagesAs503(withPublicOrigin((await viteServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild, config.publicUrl));
  }

  const apiLimit = rateLimit({
    windowMs: 60_000,
    limit: 600,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    ipv6Subnet: 64,
    message: { error: requestErrors.tooManyRequests },
  });
  // The answer is JSON like every other refusal of the API, so the shop's own pages can say it.
  // An IPv6 client counts by its /64, as for the shop's other per-address limits. The health check
  // is left out: a monitor behind the same address as busy clients must read the shop's state,
  // not the limit.
  app.use("/api/", (req, res, next) => (req.path === "/health" ? next() : apiLimit(req, res, next)));

  const handleRequest = createRequestHandler({
    build,
    mode: isProduction ? "production" : "development",
    getLoadContext: async (req, res) => {
      // The context keys live in the server build (src/web/app-context.ts); the provider is this
      // process's react-router class, the one the adapter checks the context against.
      const { provideLoadContext } = (typeof build === "function" ? await build() : build).entry.module as unknown as ServerEntryExports;
      const provider = new RouterContextProvider();
      return provideLoadContext(provider, started.context, {
        cspNonce: String(res.locals.cspNonce),
        // The adapter appends the route's own headers later, so cookies set here are kept.
        setCookie: (cookie: string) => void res.append("Set-Cookie", cookie),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        formAnsweredWhileDatabaseAway: () => answeredWhileDatabaseAway(provider),
      });
    },
  });
  const pageCache = createPageCache({
    ttlMs: config.pageCacheMs,
    maxEntries: 2000,
    maxTotalBytes: 48 * 1024 * 1024,
    maxBodyBytes: 512 * 1024,
    isPublicPath: (pathname) => PUBLIC_PAGE.test(pathname),
    varyCookie: CURRENCY_COOKIE,
  });
  // An edited, added or removed product shows at once on this process's public pages; other
  // processes serve their kept copy for at most PAGE_CACHE_SECONDS (decision 025).
  started.onCatalogueChange(pageCache.clear);
  // A change of the price settings drops the cached pages at once (the settings page calls it).
  started.context.publicPagesChanged = () => {
    pageCache.clear();
    started.context.discoveryCache?.clear();
  };
  // The security page's access probes go through the router itself, guards and all (decision 038).
  const mode = isProduction ? "production" : "development";
  started.context.dispatchInProcess = async (request) => {
    const serverBuild = typeof build === "function" ? await build() : build;
    const { provideLoadContext } = serverBuild.entry.module as unknown as ServerEntryExports;
    const provider = new RouterContextProvider();
    const context = provideLoadContext(provider, started.context, {
      cspNonce: "",
      setCookie: () => {},
      clientIp: "127.0.0.1",
      formAnsweredWhileDatabaseAway: () => answeredWhileDatabaseAway(provider),
    });
    return createFetchHandler(serverBuild, mode)(request, context);
  };
  // No route answers OPTIONS (the shop serves no other site, so there is no CORS preflight to
  // grant): it is answered here, and never runs a page's or an endpoint's GET.
  app.options("*splat", (req, res) => {
    res.status(204).set({ Allow: (isApiPath(req.path) ? SHOP_METHODS : PAGE_METHODS).join(", "), "Cache-Control": "no-store" }).end();
  });
  app.all("*splat", privateWhenPersonal(CURRENCY_COOKIE), pageCache, coalesceWrites, (req, res, next) =>
    // A GET or HEAD changes nothing, so its loaders may share one read of each settings row.
    req.method === "GET" || req.method === "HEAD" ? withSharedReads(() => handleRequest(req, res, next)) : handleRequest(req, res, next),
  );

  // Errors Express meets itself (a path that is not valid percent-encoding: 400) are answered at
  // once. Express's own handler waits for the request body to end before answering, and a body
  // refused for its size meanwhile made it write a second answer and crash the process.
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const declared = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof declared === "number" && declared >= 400 && declared < 600 ? declared : 500;
    if (status >= 500) logRequestError(`${req.method} ${withoutCredentials(req.path)}`, error);
    // Part of an answer is out: a clean end would pass a cut page off as whole.
    if (res.headersSent) return void res.destroy();
    // A path that is not valid percent-encoding: the API answers it in JSON, as every refusal.
    if (status === 400) return refuse(req, res, 400, requestErrors.badUrl);
    // Read (and drop, within the body limit) what is still coming, so the client gets this answer.
    req.resume();
    res.status(status).type("text/plain; charset=utf-8").setHeader("Cache-Control", "no-store");
    res.send(status >= 500 ? "Unexpected Server Error" : (STATUS_CODES[status] ?? "Bad Request"));
  });

  const server = app.listen(config.port, config.host, (error?: Error) => {
    // Express hands a failed listen to this callback: without this the shop said "ready" on a
    // port another program holds, and then served nothing.
    if (error) {
      console.error(listenFailure(error, config.host, config.port));
      process.exit(1);
    }
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const url = config.publicUrl.includes(`:${config.port}`) ? config.publicUrl.replace(`:${config.port}`, `:${port}`) : config.publicUrl;
    console.log(`Database: ${started.database.description}${started.seeded ? ` (seeded ${started.seeded} products)` : ""}`);
    if (started.admin.created && started.admin.generated) {
      console.log(`Admin account created: ${started.admin.email} / password: ${started.admin.password}`);
      console.log("  (shown once; set ADMIN_PASSWORD to choose your own)");
    } else if (started.admin.created) {
      console.log(`Admin account created: ${started.admin.email} (password from ADMIN_PASSWORD)`);
    } else if ("unconfirmed" in started.admin) {
      console.log(`ADMIN_EMAIL ${started.admin.email} belongs to an account that has not confirmed its e-mail address: it was not made an admin.`);
      console.log("  A confirmation link has been e-mailed to it; restart once the account's holder has confirmed the address with it (signed in to the account), or set another ADMIN_EMAIL.");
    } else {
      console.log(`Admin login: ${started.admin.email} (password as set on first start)`);
    }
    console.log(
      started.context.payments.name === "local"
        ? "Payments: TEST MODE, the built-in test payment page; no money is taken. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments."
        : "Payments: Stripe Checkout",
    );
    if (config.stripe && !config.stripe.webhookSecret) {
      console.log("STRIPE_WEBHOOK_SECRET is not set: Stripe's events are refused, and paid orders are confirmed only by the confirmation page and the check every minute. Set it to the webhook endpoint's signing secret.");
    }
    // A shop in production whose links would open this machine's own address: shoppers could not
    // open them from e-mails or shared pages.
    if (config.env === "production" && !isPublicHttpsUrl(config.publicUrl)) {
      console.log(publicUrlWarning(config.publicUrl));
    }
    console.log(`Shop ready at ${url} (Node ${process.version})`);
  });

  // An idle connection is kept longer than proxies and load balancers keep theirs (60 s on the
  // common ones). With Node's 5 s, a proxy or client sending on a connection the server is just
  // closing gets a reset: a sporadic 502 behind a load balancer.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const grace = config.shutdownGraceMs;
    console.log(`${signal} received: finishing the requests under way (at most ${grace / 1000} s), then shutting down`);
    void drainThenClose(server, grace).then(async (cut) => {
      if (cut > 0) console.error(`shutdown: ${cut} connection(s) still busy after ${grace / 1000} s were cut`);
      // Closing the database flushes PGlite's files so the next start finds every write.
      await started.close().catch((error: unknown) => console.error(error));
      process.exit(cut > 0 ? 1 : 0);
    });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error) => {
  const known = error instanceof ConfigError ? error.message : loadedConfig && startupFailureMessage(error, loadedConfig);
  console.error(known || error);
  process.exit(1);
});
