// Everything a request needs, built once per process by the host and handed to React Router
// loaders and actions as their load context.
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureAdminAccount, type AdminAccountResult } from "./admin/admin-account.server.ts";
import { sendEmailConfirmation } from "./auth/accounts.server.ts";
import { JOB_HANDLERS } from "./admin/jobs/job-handlers.server.ts";
import { startJobRunner } from "./admin/jobs/jobs.server.ts";
import { createAuth, type Auth } from "./auth/auth.server.ts";
import { seedCatalogueIfEmpty } from "./catalog/seed-into-database.server.ts";
import { createDiscoveryCache, type DiscoveryCache } from "./catalog/discovery-cache.server.ts";
import { markPgliteInUse, pgliteInUseBy } from "./db/pglite-in-use.server.ts";
import { ConfigError, type AppConfig } from "./config/env.server.ts";
import { openDatabase, SHOP_QUERY_TIMEOUT_MS, type Database, type DatabaseHandle } from "./db/client.server.ts";
import { fileTransport, outboxDir, smtpTransport, startMailWorker } from "./mail/mail-delivery.server.ts";
import { createLocalProvider } from "./payments/local-provider.server.ts";
import type { PaymentProvider } from "./payments/payment-provider.server.ts";
import { startPaymentReconciler } from "./payments/reconcile-payments.server.ts";
import { startRefundResumer } from "./admin/refunds/refunds.server.ts";
import { startUploadSweeper } from "./admin/products/abandoned-uploads.server.ts";
import { diskImageStore, scrapedImageFolder } from "./admin/scraper/scraped-image-store.server.ts";
import { createStripeProvider } from "./payments/stripe-provider.server.ts";
import { diskImageStorage, type ImageStorage } from "./images/image-storage.server.ts";
import { ensurePriceSettings } from "./settings/price-settings.server.ts";

export type AppContext = {
  config: AppConfig;
  db: Database;
  auth: Auth;
  /** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in local payment page. */
  payments: PaymentProvider;
  /** Asks the mail worker to send what was just queued instead of waiting for its next sweep. */
  kickMail(): void;
  /** Asks this process's job runner to claim a job just enqueued instead of waiting for its next poll. */
  kickJobs(): void;
  /** The shop's own image files (product uploads): DATA_DIR/uploads unless replaced. */
  images: ImageStorage;
  /** The seed's pictures on disk (seed/images/, served at /images/products/): the share pictures read them. */
  seedImagesDirectory: string;
  /** Tells this process's caches that a product changed (the host empties its page cache). */
  catalogueChanged(): void;
  /**
   * The storefront discovery views' counts and suggestions, kept a few seconds and emptied on every
   * catalogue change of this process (decision 040). Absent (tests' contexts): computed every time.
   */
  discoveryCache?: DiscoveryCache;
  /**
   * Drops this process's cached public pages (set by the host, which owns the page cache): a
   * price change shows on the very next page. Other processes' copies age out within
   * PAGE_CACHE_SECONDS (decision 008).
   */
  publicPagesChanged?: () => void;
  /**
   * Sends a request through this app's own router in-process, exactly as one from a browser
   * would be handled (set by the host): the security page's access probes (decision 038).
   */
  dispatchInProcess?: (request: Request) => Promise<Response>;
};

export type StartedApp = {
  context: AppContext;
  database: DatabaseHandle;
  seeded: number;
  admin: AdminAccountResult;
  /** Runs `listener` after every catalogue change made through this process. */
  onCatalogueChange(listener: () => void): void;
  close(): Promise<void>;
};

/**
 * The auth secret signs session cookies. Production deployments set BETTER_AUTH_SECRET (the same
 * value on every process); the embedded default generates one and keeps it in the data folder so
 * sessions survive a restart.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  if (config.databaseUrl && config.env === "production") {
    throw new ConfigError("BETTER_AUTH_SECRET must be set when running on PostgreSQL in production (32+ characters).");
  }
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The local provider signs its events with a key derived from the auth secret (never the secret itself). */
export function localWebhookSecret(authSecret: string): string {
  return createHmac("sha256", authSecret).update("local-payment-events").digest("hex");
}

/** seed/images/ of this app (the host serves it at /images/products/). */
export const SEED_IMAGES_DIRECTORY = fileURLToPath(new URL("../../seed/images/", import.meta.url));

/** Where uploaded product images are kept on disk (served by the host at /uploads). */
export function uploadsDirectory(config: Pick<AppConfig, "dataDir">): string {
  return path.join(config.dataDir, "uploads");
}

export async function startApp(config: AppConfig): Promise<StartedApp> {
  if (!config.databaseUrl) {
    const folder = path.join(config.dataDir, "pglite");
    const holder = pgliteInUseBy(folder);
    if (holder !== null) {
      throw new ConfigError(`Cannot start: another shop (process ${holder}) has the embedded database in ${folder} open. Stop it, or give this one another DATA_DIR.`);
    }
  }
  // Before the database is opened: a start refused for want of the secret must not have migrated
  // and seeded a production database first.
  const secret = resolveAuthSecret(config);
  const database = openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, queryTimeoutMs: SHOP_QUERY_TIMEOUT_MS }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") },
  );
  let releasePglite = () => {};
  try {
    await database.migrate();
    if (database.kind === "pglite") releasePglite = markPgliteInUse(path.join(config.dataDir, "pglite"));
    await ensurePriceSettings(database.db);
    const seeded = config.seedCatalogue ? await seedCatalogueIfEmpty(database.db, new Date(), config.seedDir) : 0;
    const auth = createAuth({ db: database.db, config, secret });
    const payments = config.stripe
      ? createStripeProvider({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret })
      : createLocalProvider(database.db, { publicUrl: config.publicUrl, webhookSecret: localWebhookSecret(secret) });
    const admin = await ensureAdminAccount(database.db, auth, config.admin, (email) => sendEmailConfirmation(auth, email));
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(outboxDir(config.dataDir));
    const mailWorker = startMailWorker(database.db, transport, config.mailFrom);
    // Payments the provider recorded but the shop never applied (a crash, a lost webhook): decision 013.
    const reconciler = startPaymentReconciler({ db: database.db, provider: payments, publicUrl: config.publicUrl, shopEmail: config.shopEmail });
    // Admins' refunds an outage left pending are asked again (decision 035).
    const refundResumer = startRefundResumer({ db: database.db, provider: payments, publicUrl: config.publicUrl });
    const discoveryCache = createDiscoveryCache();
    const catalogueListeners = new Set<() => void>([discoveryCache.clear]);
    const catalogueChanged = () => {
      for (const listener of catalogueListeners) listener();
    };
    const images = diskImageStorage(uploadsDirectory(config));
    const uploadSweeper = startUploadSweeper({ db: database.db, images, scraped: diskImageStore(scrapedImageFolder(config.dataDir)) });
    // Imports and other long admin work (src/server/admin/jobs/jobs.server.ts). PGlite has one
    // process, so a job it was running when it stopped is resumed at once.
    const jobRunner = startJobRunner({ db: database.db, services: { config, payments, catalogueChanged }, handlers: JOB_HANDLERS, exclusive: database.kind === "pglite" });
    return {
      context: { config, db: database.db, auth, payments, kickMail: mailWorker.kick, kickJobs: jobRunner.kick, images, seedImagesDirectory: SEED_IMAGES_DIRECTORY, catalogueChanged, discoveryCache },
      database,
      seeded,
      admin,
      onCatalogueChange: (listener) => void catalogueListeners.add(listener),
      async close() {
        await jobRunner.stop();
        await uploadSweeper.stop();
        await reconciler.stop();
        await refundResumer.stop();
        await mailWorker.stop();
        await database.close();
        releasePglite();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    releasePglite();
    throw error;
  }
}
