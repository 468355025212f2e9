// `npm start` in miniature: migrate, seed, ensure the admin; then a restart on the same data.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startApp } from "../../src/server/app-context.server.ts";
import { countProducts } from "../../src/server/catalog/catalog.server.ts";
import { loadConfig } from "../../src/server/config/env.server.ts";
import { adminUsers, mailOutbox, products, user } from "../../src/server/db/schema.ts";
import { availableEngines, createTestDatabase } from "../helpers/databases.ts";

const tempDirs: string[] = [];
function tempDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("first start on the embedded database", () => {
  it("migrates, seeds the catalogue, creates the admin, and keeps everything across a restart", async () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });

    const first = await startApp(config);
    expect(first.database.kind).toBe("pglite");
    expect(first.seeded).toBeGreaterThan(90);
    expect(first.admin).toMatchObject({ created: true, generated: true, email: "admin@shop.local" });
    const password = first.admin.created ? first.admin.password : "";
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    // The generated password really signs the admin in.
    const signIn = await first.context.auth.api.signInEmail({ body: { email: "admin@shop.local", password } });
    expect(signIn.user.email).toBe("admin@shop.local");
    const [admin] = await first.context.db.select().from(user).where(eq(user.email, "admin@shop.local"));
    expect(await first.context.db.select().from(adminUsers).where(eq(adminUsers.id, admin!.id))).toHaveLength(1);
    // Created confirmed, so the owner is sent no "Verify your e-mail address".
    expect(admin!.emailVerified).toBe(true);
    expect(await first.context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "admin@shop.local"))).toEqual([]);
    // Something written by a shopper or an admin must survive the restart.
    await first.context.db.insert(products).values({ name: "Restart Test Blazer", pricePence: 9900, category: "blazers" });
    const countBefore = await countProducts(first.context.db);
    await first.close();

    const second = await startApp(config);
    expect(second.seeded).toBe(0);
    expect(second.admin).toEqual({ created: false, email: "admin@shop.local" });
    expect(await countProducts(second.context.db)).toBe(countBefore);
    const again = await second.context.auth.api.signInEmail({ body: { email: "admin@shop.local", password } });
    expect(again.user.id).toBe(admin!.id);
    await second.close();
  });

  it("makes an existing account the admin through ADMIN_EMAIL only once its address is confirmed", async () => {
    const dataDir = tempDataDir();
    const first = await startApp(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_CATALOGUE: "false" }));
    // Someone signs up with the address the owner will later name: the shop does not ask them to confirm it to shop.
    const squatter = await first.context.auth.api.signUpEmail({ body: { email: "new-owner@example.com", password: "the squatter's password", name: "Not The Owner" } });
    await first.close();

    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SEED_CATALOGUE: "false", ADMIN_EMAIL: "new-owner@example.com" });
    const second = await startApp(config);
    expect(second.admin).toEqual({ created: false, email: "new-owner@example.com", unconfirmed: true });
    expect(await second.context.db.select().from(adminUsers).where(eq(adminUsers.id, squatter.user.id))).toEqual([]);
    const links = await second.context.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.toAddress, "new-owner@example.com"));
    expect(links.map((mail) => mail.subject)).toContain("Verify your e-mail address");
    // The address's real owner opens the link: the next start makes the account the admin.
    await second.context.db.update(user).set({ emailVerified: true }).where(eq(user.id, squatter.user.id));
    await second.close();

    const third = await startApp(config);
    expect(third.admin).toEqual({ created: false, email: "new-owner@example.com" });
    expect(await third.context.db.select().from(adminUsers).where(eq(adminUsers.id, squatter.user.id))).toHaveLength(1);
    await third.close();
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD when given", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: tempDataDir(), ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "a-strong-password", SEED_CATALOGUE: "false" });
    const app = await startApp(config);
    expect(app.seeded).toBe(0);
    expect(app.admin).toMatchObject({ created: true, generated: false, email: "owner@example.com" });
    const signIn = await app.context.auth.api.signInEmail({ body: { email: "owner@example.com", password: "a-strong-password" } });
    expect(signIn.user.email).toBe("owner@example.com");
    await app.close();
    // A common password left in the environment afterwards does not stop the next start: the
    // account exists, and the rule is for making it.
    const restarted = await startApp({ ...config, admin: { ...config.admin, password: "Password1" } });
    expect(restarted.admin).toMatchObject({ created: false, email: "owner@example.com" });
    await restarted.close();
  });

  it("refuses to make the admin account from one of the most common passwords", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: tempDataDir(), ADMIN_PASSWORD: "Password1", SEED_CATALOGUE: "false" });
    await expect(startApp(config)).rejects.toThrow("ADMIN_PASSWORD: is one of the most common passwords and easy to guess; choose another");
  });
});

describe.runIf(availableEngines().includes("postgres"))("first start on PostgreSQL (DATABASE_URL)", () => {
  it("migrates, seeds and creates the admin on a real server, once", async () => {
    // A fresh database on the throwaway server; startApp migrates it again (a no-op) like a restart.
    const target = await createTestDatabase("postgres");
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: tempDataDir(), DATABASE_URL: target.url });
    const [a, b] = await Promise.all([startApp(config), startApp(config)]);
    // Two processes starting together: exactly one seeds the catalogue.
    expect([a.seeded, b.seeded].filter((n) => n > 0)).toHaveLength(1);
    expect(a.database.kind).toBe("postgres");
    expect(await countProducts(a.context.db)).toBe(a.seeded + b.seeded);
    await a.close();
    await b.close();
    await target.close();
  });
});

describe("configuration", () => {
  it("refuses PostgreSQL in production without BETTER_AUTH_SECRET before touching the database", async () => {
    // Nothing listens on port 1: had the start opened the database first, it would fail on that.
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: tempDataDir(), DATABASE_URL: "postgres://shop:secret@127.0.0.1:1/shop", PUBLIC_URL: "http://127.0.0.1:3000" });
    await expect(startApp(config)).rejects.toThrow("BETTER_AUTH_SECRET must be set when running on PostgreSQL in production (32+ characters).");
  });

  it("names the variable when a value is wrong", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres/);
    // A password with an unencoded character: refused by name, the URL (and its password) never quoted.
    const unreadable = "postgres://shop:TopSecret@127.0.0.1:notaport/shop";
    expect(() => loadConfig({ DATABASE_URL: unreadable })).toThrow(/DATABASE_URL is not a valid URL \(characters such as # \/ \? @ in the password must be percent-encoded\)/);
    try {
      loadConfig({ DATABASE_URL: unreadable });
    } catch (error) {
      expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).not.toContain("TopSecret");
    }
    expect(() => loadConfig({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD must be at least 8 characters/);
    expect(() => loadConfig({ PAGE_CACHE_SECONDS: "61" })).toThrow(/PAGE_CACHE_SECONDS must be a number of seconds from 0 to 60/);
    expect(() => loadConfig({ PAGE_CACHE_SECONDS: "soon" })).toThrow(/PAGE_CACHE_SECONDS/);
    // The dashboard's publishable key in place of the secret one, and a webhook secret of another kind.
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_live_51abc" })).toThrow(/STRIPE_SECRET_KEY must be a secret key \(sk_live_\.\.\. or sk_test_\.\.\.\), not the publishable key/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_51abc", STRIPE_WEBHOOK_SECRET: "sk_live_51abc" })).toThrow(/STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret/);
    expect(loadConfig({ STRIPE_SECRET_KEY: "rk_test_51abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }).stripe).toEqual({ secretKey: "rk_test_51abc", webhookSecret: "whsec_abc" });
  });

  it("keeps public pages for 2 s in production, not while developing, or as PAGE_CACHE_SECONDS says", () => {
    expect(loadConfig({ NODE_ENV: "production" }).pageCacheMs).toBe(2_000);
    expect(loadConfig({ NODE_ENV: "development" }).pageCacheMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "production", PAGE_CACHE_SECONDS: "0" }).pageCacheMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "development", PAGE_CACHE_SECONDS: "0.5" }).pageCacheMs).toBe(500);
  });

  it("has working defaults for a laptop", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.requireEmailVerification).toBe(false);
    expect(config.stripe).toBeUndefined();
  });
});
