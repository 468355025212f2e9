// The only module that reads process.env.
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_CHECKOUT_LIMIT } from "../../domain/checkout.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const TRUST_PROXY_MESSAGE =
  "TRUST_PROXY must be unset (trust no proxy), a number of proxy hops, or a comma-separated list of proxy addresses, subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal";
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = "", prefix, ...rest] = item.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Which peers may tell us the client's address (X-Forwarded-For), as Express's `trust proxy`:
 * false (nobody: the socket's address counts), a hop count, or proxy addresses. Never `true`,
 * which would believe any client.
 */
const trustProxySchema = optionalText.transform((value, ctx): false | number | string[] => {
  if (value === undefined || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const items = value.split(",").map((item) => item.trim().toLowerCase()).filter((item) => item !== "");
  if (items.length === 0 || !items.every(isProxyAddress)) {
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  }
  return items;
});

const CHECKOUT_LIMIT_MESSAGE = "CHECKOUT_LIMIT must be a whole number of checkouts from 0 (no limit) to 100000";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url({ error: "PUBLIC_URL must be a full URL such as https://shop.example.com" }).optional(),
  DATA_DIR: z.string().default("./data"),
  BUILD_DIR: z.string().default("build"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: "DATABASE_URL must start with postgres:// or postgresql://" })
      // Checked here, where the message names no part of it: a URL the driver cannot read makes it
      // throw an error that quotes the whole URL, password included, into the start-up log.
      .refine((url) => URL.canParse(url), {
        error: "DATABASE_URL is not a valid URL (characters such as # / ? @ in the password must be percent-encoded)",
      })
      .optional(),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: "ADMIN_EMAIL must be an e-mail address" }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(
    z
      .string()
      .min(8, { error: "ADMIN_PASSWORD must be at least 8 characters" })
      .optional(),
  ),
  BETTER_AUTH_SECRET: optionalText.pipe(
    z.string().min(32, { error: "BETTER_AUTH_SECRET must be at least 32 characters" }).optional(),
  ),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag,
  LOG_REQUESTS: booleanFlag,
  // The folder holding data/ with the built-in seed lists (the import sources); default: the app's seed/.
  SEED_DIR: optionalText,
  SEED_CATALOGUE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value !== "false" && value !== "0"),
  // The dashboard shows several keys side by side: the publishable one (pk_) pasted here would fail
  // at the first checkout, not at the start.
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, { error: "STRIPE_SECRET_KEY must be a secret key (sk_live_... or sk_test_...), not the publishable key (pk_...)" })
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z.string().startsWith("whsec_", { error: "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...)" }).optional(),
  ),
  // "test": the built-in test payments on purpose, where the shop would otherwise refuse them (below).
  PAYMENTS: z.enum(["test", ""], { error: "PAYMENTS must be test (or unset)" }).optional(),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, { error: "SMTP_URL must start with smtp:// or smtps://" })
      .optional(),
  ),
  // Unset: mail is from the shop's name on /admin/settings, at DEFAULT_MAIL_ADDRESS.
  MAIL_FROM: optionalText,
  // The sender block of shipping labels: lines separated by "|" ("Shop Ltd|1 High St|London|EC1A 1AA").
  SHOP_SENDER_ADDRESS: optionalText,
  SHOP_EMAIL: optionalText.pipe(z.email({ error: "SHOP_EMAIL must be an e-mail address" }).optional()),
  PAGE_CACHE_SECONDS: z.coerce
    .number({ error: "PAGE_CACHE_SECONDS must be a number of seconds from 0 to 60" })
    .min(0, { error: "PAGE_CACHE_SECONDS must be a number of seconds from 0 to 60" })
    .max(60, { error: "PAGE_CACHE_SECONDS must be a number of seconds from 0 to 60" })
    .optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: "SHUTDOWN_GRACE_SECONDS must be a number of seconds from 1 to 600" })
    .min(1, { error: "SHUTDOWN_GRACE_SECONDS must be a number of seconds from 1 to 600" })
    .max(600, { error: "SHUTDOWN_GRACE_SECONDS must be a number of seconds from 1 to 600" })
    .optional(),
  TRUST_PROXY: trustProxySchema,
  CHECKOUT_LIMIT: z.coerce
    .number({ error: CHECKOUT_LIMIT_MESSAGE })
    .int({ error: CHECKOUT_LIMIT_MESSAGE })
    .min(0, { error: CHECKOUT_LIMIT_MESSAGE })
    .max(100_000, { error: CHECKOUT_LIMIT_MESSAGE })
    .optional(),
  // Tests only: a pause before each imported row, so a journey can watch an import's progress
  // and reload mid-run. Refused in production (below).
  IMPORT_TEST_ROW_DELAY_MS: z.coerce
    .number({ error: "IMPORT_TEST_ROW_DELAY_MS must be a number of milliseconds from 0 to 5000" })
    .int({ error: "IMPORT_TEST_ROW_DELAY_MS must be a number of milliseconds from 0 to 5000" })
    .min(0, { error: "IMPORT_TEST_ROW_DELAY_MS must be a number of milliseconds from 0 to 5000" })
    .max(5000, { error: "IMPORT_TEST_ROW_DELAY_MS must be a number of milliseconds from 0 to 5000" })
    .optional(),
  SCRAPER_ALLOW_HOSTS: optionalText,
});

export type AppConfig = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  buildDir: string;
  databaseUrl: string | undefined;
  admin: { email: string; password: string | undefined };
  authSecret: string | undefined;
  requireEmailVerification: boolean;
  seedCatalogue: boolean;
  /** The seed lists' folder (holding data/); undefined: the app's own seed/. */
  seedDir: string | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined } | undefined;
  smtpUrl: string | undefined;
  /**
   * The From of outgoing mail as the operator set it (MAIL_FROM), used as given; undefined: the
   * shop's name from /admin/settings at the time of sending, at DEFAULT_MAIL_ADDRESS.
   */
  mailFrom: string | undefined;
  shopEmail: string;
  /** SHOP_EMAIL as given, or null: the storefront never shows the admin's sign-in address in its place. */
  publicShopEmail: string | null;
  /** The return address printed on shipping labels, one entry per line. */
  senderAddress: string[];
  /** How long a signed-out shopper's public page is served again after rendering (0: off). */
  pageCacheMs: number;
  /** How long a stopping process lets requests under way finish before it cuts them. */
  /** A line per answered request on stdout (off by default: a proxy in front usually keeps its own). */
  logRequests: boolean;
  shutdownGraceMs: number;
  /** Express's `trust proxy`: whose X-Forwarded-For is believed for the client's address. */
  trustProxy: false | number | string[];
  /** The checkouts one client address may start in 10 minutes (0: no limit). */
  checkoutLimit: number;
  /** Tests only: a pause per imported row (0: none); never set in production. */
  importTestRowDelayMs: number;
  /**
   * The scraper's test switch (decision 031): "host:port" pairs it may fetch although they are
   * private or on another port, for fixture pages on 127.0.0.1. Empty unless set; refused in production.
   */
  scraperAllowHosts: string[];
};

export const DEFAULT_ADMIN_EMAIL = "admin@shop.local";
/** The address of outgoing mail while MAIL_FROM is unset; its display name is the shop's name. */
export const DEFAULT_MAIL_ADDRESS = "no-reply@shop.local";
/** Until SHOP_SENDER_ADDRESS is set, labels carry only the shop's name and country. */
export const DEFAULT_SENDER_ADDRESS = "Menswear Shop|United Kingdom";

export class ConfigError extends Error {}

const SCRAPER_ALLOW_HOSTS_MESSAGE = "must be a comma-separated list of host:port pairs, such as 127.0.0.1:4567";

/** "127.0.0.1:4567, [::1]:80" as the scraper compares them: the URL parser's host form and a port. */
function parseScraperAllowHosts(value: string | undefined, env: AppConfig["env"]): string[] {
  if (value === undefined) return [];
  if (env === "production") {
    throw new ConfigError(
      "Invalid environment:\n  SCRAPER_ALLOW_HOSTS: is a test switch that lets the product scraper reach private addresses; it is refused when NODE_ENV=production",
    );
  }
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")
    .map((item) => {
      let url: URL;
      try {
        url = new URL(`http://${item}`);
      } catch {
        throw new ConfigError(`Invalid environment:\n  SCRAPER_ALLOW_HOSTS: ${SCRAPER_ALLOW_HOSTS_MESSAGE}`);
      }
      if (url.port === "" || url.pathname !== "/" || url.username !== "" || `${url.host}` !== item.toLowerCase()) {
        throw new ConfigError(`Invalid environment:\n  SCRAPER_ALLOW_HOSTS: ${SCRAPER_ALLOW_HOSTS_MESSAGE}`);
      }
      return `${url.hostname}:${url.port}`;
    });
}

/** Parses the environment once; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && e.IMPORT_TEST_ROW_DELAY_MS) {
    throw new ConfigError("Invalid environment:\n  IMPORT_TEST_ROW_DELAY_MS: is a test switch and is refused when NODE_ENV is production");
  }
  // A shop on a public https address takes real orders: without Stripe keys every order would be
  // "paid" on the built-in test page and no money taken (a secret store that did not mount, a
  // misspelt variable). `npm start` on localhost keeps the test payments; a public shop says so.
  const publicShop = e.NODE_ENV === "production" && (e.PUBLIC_URL ?? "").toLowerCase().startsWith("https://");
  if (publicShop && !e.STRIPE_SECRET_KEY && e.PAYMENTS !== "test") {
    throw new ConfigError(
      "Invalid environment:\n  STRIPE_SECRET_KEY: is required for a shop on an https PUBLIC_URL in production, or it would take orders without taking money; set PAYMENTS=test to run the built-in test payments on purpose",
    );
  }
  const adminEmail = (e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    buildDir: path.resolve(e.BUILD_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { email: adminEmail, password: e.ADMIN_PASSWORD },
    authSecret: e.BETTER_AUTH_SECRET,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    logRequests: e.LOG_REQUESTS,
    seedCatalogue: e.SEED_CATALOGUE,
    seedDir: e.SEED_DIR ? path.resolve(e.SEED_DIR) : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL ?? adminEmail,
    publicShopEmail: e.SHOP_EMAIL ?? null,
    senderAddress: (e.SHOP_SENDER_ADDRESS ?? DEFAULT_SENDER_ADDRESS)
      .split("|")
      .map((line) => line.trim())
      .filter(Boolean),
    // Off while developing, so an edited page shows on the next reload.
    pageCacheMs: Math.round((e.PAGE_CACHE_SECONDS ?? (e.NODE_ENV === "production" ? 2 : 0)) * 1000),
    // Inside the 30 s most orchestrators (Kubernetes, ECS) wait after SIGTERM before killing.
    shutdownGraceMs: Math.round((e.SHUTDOWN_GRACE_SECONDS ?? 25) * 1000),
    trustProxy: e.TRUST_PROXY,
    checkoutLimit: e.CHECKOUT_LIMIT ?? DEFAULT_CHECKOUT_LIMIT,
    importTestRowDelayMs: e.IMPORT_TEST_ROW_DELAY_MS ?? 0,
    scraperAllowHosts: parseScraperAllowHosts(e.SCRAPER_ALLOW_HOSTS, e.NODE_ENV),
  };
}
