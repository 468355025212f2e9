// The dashboard's "Before you take real orders" list, from the running shop's facts: the server's
// environment and the shop's settings as stored, on both engines; and the owner's choice to fold
// it away, remembered for the next visit.
import { beforeAll, expect, it } from "vitest";
import { launchSteps } from "../../src/domain/admin/launch-checklist.ts";
import { requestErrors } from "../../src/domain/messages/requests.ts";
import type { Auth } from "../../src/server/auth/auth.server.ts";
import { LAUNCH_FOLD_INTENT } from "../../src/web/components/admin/dashboard/launch-checklist.tsx";
import { action as dashboardAction, loader as dashboardLoader } from "../../src/web/routes/admin._index.tsx";
import { makeAuth, makeContext, settle, SHOP, signedInAccount } from "../helpers/admin.ts";
import { withUrl } from "../helpers/route-context.ts";
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

describeEachEngine("the setup list's fold on the dashboard", (get) => {
  let auth: Auth;
  let admin: { cookie: string };

  beforeAll(async () => {
    auth = makeAuth(get().db);
    admin = await signedInAccount(get().db, auth, { admin: true });
  });

  const open = (cookie: string) =>
    settle(dashboardLoader(withUrl({ request: new Request(`${SHOP}/admin`, { headers: { cookie } }), params: {}, context: makeContext(get().db, auth) }) as never));
  const fold = (cookie: string, fields: Record<string, string>) =>
    settle(
      dashboardAction(
        withUrl({
          request: new Request(`${SHOP}/admin?index`, { method: "POST", headers: { cookie, origin: SHOP, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() }),
          params: {},
          context: makeContext(get().db, auth),
        }) as never,
      ),
    );
  /** The browser's cookie after a Set-Cookie: the name=value part, or nothing once it is removed. */
  const kept = (setCookie: string | null) => (setCookie && !/Max-Age=0/.test(setCookie) ? setCookie.split(";")[0]! : "");

  it("starts open; folded, it is drawn folded on the next visit until the owner opens it again", async () => {
    const first = await open(admin.cookie);
    expect(first.status).toBe(200);
    expect((first.body as { launchFolded: boolean }).launchFolded).toBe(false);

    const folded = await fold(admin.cookie, { intent: LAUNCH_FOLD_INTENT, folded: "1" });
    expect(folded.status).toBe(200);
    const setCookie = folded.headers.get("set-cookie");
    // For every path the dashboard's data is read at (/admin and /admin.data), kept for a year, not readable by scripts.
    expect(setCookie).toMatch(/Path=\/;/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    expect(setCookie).toMatch(/HttpOnly/);
    const browser = `${admin.cookie}; ${kept(setCookie)}`;
    expect((await open(browser)).body).toMatchObject({ launchFolded: true });

    const reopened = await fold(browser, { intent: LAUNCH_FOLD_INTENT, folded: "0" });
    expect(reopened.status).toBe(200);
    expect(kept(reopened.headers.get("set-cookie"))).toBe("");
    expect((await open(admin.cookie)).body).toMatchObject({ launchFolded: false });
  });

  it("refuses any other form with a 400 and sets nothing; a guest's post meets the sign-in", async () => {
    const refusedForms: Record<string, string>[] = [{ intent: "something-else", folded: "1" }, { intent: LAUNCH_FOLD_INTENT, folded: "yes" }, { intent: LAUNCH_FOLD_INTENT }];
    for (const fields of refusedForms) {
      const refused = await fold(admin.cookie, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body).toEqual({ ok: false, message: requestErrors.unknownForm });
      expect(refused.headers.get("set-cookie")).toBeNull();
    }
    const guest = await fold("", { intent: LAUNCH_FOLD_INTENT, folded: "1" });
    expect(guest.status).toBe(401);
    expect(guest.headers.get("set-cookie")).toBeNull();
  });
});
