// Everything a request needs, built once per process by the host and handed to React Router
// loaders and actions as their load context.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureAdminAccount, type AdminAccountResult } from "./admin/admin-account.server.ts";
import { createAuth, type Auth } from "./auth/auth.server.ts";
import { seedCatalogueIfEmpty } from "./catalog/seed-into-database.server.ts";
import type { AppConfig } from "./config/env.server.ts";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client.server.ts";
import { fileTransport, smtpTransport, startMailWorker } from "./mail/mail-delivery.server.ts";
import { ensurePriceSettings } from "./settings/price-settings.server.ts";

export type AppContext = {
  config: AppConfig;
  db: Database;
  auth: Auth;
  /** Asks the mail worker to send what was just queued instead of waiting for its next sweep. */
  kickMail(): void;
};

export type StartedApp = {
  context: AppContext;
  database: DatabaseHandle;
  seeded: number;
  admin: AdminAccountResult;
  close(): Promise<void>;
};

/**
 * The auth secret signs session cookies. Production deployments set BETTER_AUTH_SECRET (the same
 * value on every process); the embedded default generates one and keeps it in the data folder so
 * sessions survive a restart.
 */
function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  if (config.databaseUrl && config.env === "production") {
    throw new Error("BETTER_AUTH_SECRET must be set when running on PostgreSQL in production (32+ characters).");
  }
  const file = path.join(config.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function startApp(config: AppConfig): Promise<StartedApp> {
  const database = openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
    await ensurePriceSettings(database.db);
    const seeded = config.seedCatalogue ? await seedCatalogueIfEmpty(database.db) : 0;
    const auth = createAuth({ db: database.db, config, secret: resolveAuthSecret(config) });
    const admin = await ensureAdminAccount(database.db, auth, config.admin);
    const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, "outbox"));
    const mailWorker = startMailWorker(database.db, transport, config.mailFrom);
    return {
      context: { config, db: database.db, auth, kickMail: mailWorker.kick },
      database,
      seeded,
      admin,
      async close() {
        await mailWorker.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
