import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server.ts";

describe("the import test switch and the seed folder", () => {
  it("is off by default and refused in production", () => {
    expect(loadConfig({}).importTestRowDelayMs).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", IMPORT_TEST_ROW_DELAY_MS: "60" }).importTestRowDelayMs).toBe(60);
    expect(() => loadConfig({ NODE_ENV: "production", IMPORT_TEST_ROW_DELAY_MS: "60" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", IMPORT_TEST_ROW_DELAY_MS: "60" })).toThrow(/IMPORT_TEST_ROW_DELAY_MS/);
    expect(() => loadConfig({ IMPORT_TEST_ROW_DELAY_MS: "soon" })).toThrow(/IMPORT_TEST_ROW_DELAY_MS/);
  });

  it("reads the seed lists from the app's seed/ unless SEED_DIR names another folder", () => {
    expect(loadConfig({}).seedDir).toBeUndefined();
    expect(loadConfig({ SEED_DIR: "/srv/shop-seed" }).seedDir).toBe("/srv/shop-seed");
  });
});

describe("the checkout limit", () => {
  it("is 30 checkouts an address unless CHECKOUT_LIMIT says otherwise (0: none); anything else stops the start", () => {
    expect(loadConfig({}).checkoutLimit).toBe(30);
    expect(loadConfig({ CHECKOUT_LIMIT: "0" }).checkoutLimit).toBe(0);
    expect(loadConfig({ NODE_ENV: "production", CHECKOUT_LIMIT: "200" }).checkoutLimit).toBe(200);
    for (const value of ["-1", "2.5", "many"]) {
      expect(() => loadConfig({ CHECKOUT_LIMIT: value })).toThrow(/CHECKOUT_LIMIT must be a whole number of checkouts from 0 \(no limit\) to 100000/);
    }
  });
});

describe("the sender of outgoing mail", () => {
  it("is the operator's MAIL_FROM as given; unset or blank, it is left to the shop's name (mailSender)", () => {
    expect(loadConfig({}).mailFrom).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: "  " }).mailFrom).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: '"Orders, Ltd" <orders@example.com>' }).mailFrom).toBe('"Orders, Ltd" <orders@example.com>');
  });
});

describe("payments of a public shop", () => {
  it("refuses to start on an https address in production without Stripe keys, unless test payments are asked for", () => {
    const live = { NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com" };
    expect(() => loadConfig(live)).toThrow(/STRIPE_SECRET_KEY: is required for a shop on an https PUBLIC_URL in production/);
    expect(loadConfig({ ...live, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe).toEqual({ secretKey: "sk_live_x", webhookSecret: "whsec_x" });
    expect(loadConfig({ ...live, PAYMENTS: "test" }).stripe).toBeUndefined();
    expect(() => loadConfig({ ...live, PAYMENTS: "free" })).toThrow(/PAYMENTS must be test/);
    // npm start on this machine, and a development server on https, keep the test payments.
    expect(loadConfig({ NODE_ENV: "production" }).stripe).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: "https://shop.example.com" }).stripe).toBeUndefined();
  });
});
