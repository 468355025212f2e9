// The dashboard's "Before you take real orders" list, from the running shop's facts: the server's
// environment and the shop's settings as stored, on both engines.
import { expect, it } from "vitest";
import { launchSteps } from "../../src/domain/admin/launch-checklist.ts";
import { readLaunchFacts } from "../../src/server/admin/dashboard/launch-facts.server.ts";
import { DEFAULT_SENDER_ADDRESS } from "../../src/server/config/env.server.ts";
import { shopSettings } from "../../src/server/db/schema.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const DEFAULTS = {
  stripe: undefined,
  smtpUrl: undefined,
  publicUrl: "http://localhost:3000",
  shopEmail: "admin@shop.local",
  publicShopEmail: null,
  senderAddress: DEFAULT_SENDER_ADDRESS.split("|"),
};

const LIVE = {
  stripe: { secretKey: "sk_live_x", webhookSecret: "whsec_x" },
  smtpUrl: "smtp://mail.example.com:587",
  publicUrl: "https://shop.example.com",
  shopEmail: "owner@example.com",
  publicShopEmail: null,
  senderAddress: DEFAULT_SENDER_ADDRESS.split("|"),
};

describeEachEngine("launch checklist", (get) => {
  it("lists every step for a shop started with the defaults, the admin's sign-in address never counting as the shop's e-mail", async () => {
    const { db } = get();
    await db.delete(shopSettings);
    const steps = launchSteps(await readLaunchFacts(db, DEFAULTS));
    expect(steps.map((step) => step.id)).toEqual(["payments", "mail", "public-url", "shop-address", "shop-email"]);
  });

  it("drops the address and e-mail steps once Settings has them, and the server's steps once its environment does", async () => {
    const { db } = get();
    await db.insert(shopSettings).values({ id: 1, contactEmail: "hello@kofi.example", senderAddress: ["Kofi & Sons", "1 Savile Row", "London W1S 3PR", "United Kingdom"] })
      .onConflictDoUpdate({ target: shopSettings.id, set: { contactEmail: "hello@kofi.example", senderAddress: ["Kofi & Sons", "1 Savile Row", "London W1S 3PR", "United Kingdom"] } });
    expect(launchSteps(await readLaunchFacts(db, DEFAULTS)).map((step) => step.id)).toEqual(["payments", "mail", "public-url"]);
    expect(launchSteps(await readLaunchFacts(db, LIVE))).toEqual([]);
    // Stripe without its signing secret: payments are real, but their confirmation is slow.
    expect(launchSteps(await readLaunchFacts(db, { ...LIVE, stripe: { secretKey: "sk_live_x", webhookSecret: undefined } })).map((step) => step.id)).toEqual(["webhook"]);
  });

  it("counts an address and e-mail given to the server (SHOP_SENDER_ADDRESS, SHOP_EMAIL) as set", async () => {
    const { db } = get();
    await db.delete(shopSettings);
    const facts = await readLaunchFacts(db, { ...LIVE, publicShopEmail: "shop@example.com", senderAddress: ["Kofi & Sons", "Accra"] });
    expect(launchSteps(facts)).toEqual([]);
  });
});
