// Open redirects (issue 10, item 2): every way back into the shop after a form (the /auth page's
// `redirect`, after sign-in and for a signed-in GET, the links of the password reset's pages that
// carry it on, and the currency form's `returnTo`) stays on the site, whatever dot segments,
// encodings or control characters the value carries.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signUp } from "../../src/server/auth/accounts.server.ts";
import { createAuth, type Auth } from "../../src/server/auth/auth.server.ts";
import { rateLimit } from "../../src/server/db/schema.ts";
import { action as authAction, loader as authLoader } from "../../src/web/routes/auth.tsx";
import { loader as forgotLoader } from "../../src/web/routes/auth.forgot-password.tsx";
import { loader as resetLoader } from "../../src/web/routes/auth.reset-password.tsx";
import { action as currencyAction } from "../../src/web/routes/preferences.currency.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { routeContext, withUrl } from "../helpers/route-context.ts";

const SHOP = "http://shop.test";
const PASSWORD = "correct horse battery";

const VECTORS = ["/.//evil.example", "..//evil.example", "%2e//evil.example", "/a/..//evil.example", "//evil.example", "/\t/evil.example", "/\\evil.example", "https://evil.example"];

async function locationOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    const value = await run();
    return value instanceof Response ? value.headers.get("location") : null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
}

function expectOnSite(location: string | null) {
  expect(location).not.toBeNull();
  expect(location!.startsWith("/")).toBe(true);
  expect(location!.startsWith("//")).toBe(false);
  expect(new URL(location!, SHOP).origin).toBe(SHOP);
}

describeEachEngine("redirects after a form stay on the site", (get) => {
  let auth: Auth;
  let cookie = "";
  let email = "";
  const context = () => routeContext({ app: { db: get().db, auth, config: { publicUrl: SHOP }, kickMail: () => {} }, cspNonce: "", setCookie: () => {}, clientIp: "203.0.113.80" });

  beforeAll(async () => {
    auth = createAuth({ db: get().db, config: { publicUrl: SHOP, requireEmailVerification: false, env: "test" }, secret: "test-secret-test-secret-test-secret-0123" });
    email = `redirects-${Date.now()}@example.com`;
    const result = await signUp({ auth, db: get().db }, { firstName: "A", lastName: "B", email, password: PASSWORD }, { headers: new Headers(), ip: "203.0.113.80" });
    if (!result.ok) throw new Error("sign-up failed");
    cookie = result.setCookies.map((value) => value.split(";")[0]).join("; ");
  });

  beforeEach(async () => {
    await get().db.delete(rateLimit);
  });

  describe.each(VECTORS)("redirect=%j", (vector) => {
    const query = `?redirect=${encodeURIComponent(vector)}`;

    it("a signed-in GET of /auth goes to a page of the shop", async () => {
      const request = new Request(`${SHOP}/auth${query}`, { headers: { cookie } });
      expectOnSite(await locationOf(() => authLoader(withUrl({ request, context: context(), params: {} }) as never)));
    });

    it("a sign-in without JavaScript goes to a page of the shop", async () => {
      const request = new Request(`${SHOP}/auth${query}`, { method: "POST", body: new URLSearchParams({ intent: "signin", email, password: PASSWORD }) });
      expectOnSite(await locationOf(() => authAction(withUrl({ request, context: context(), params: {} }) as never)));
    });

    it("the password reset's pages link only to pages of the shop: /auth's Forgot link, the forgot page's way back, the reset page's Sign In and new link", async () => {
      const signedOut = new Request(`${SHOP}/auth${query}`);
      const { forgotHref } = (await authLoader(withUrl({ request: signedOut, context: context(), params: {} }) as never)) as { forgotHref: string };
      expectOnSite(forgotHref);
      const forgot = forgotLoader(withUrl({ request: new Request(`${SHOP}/auth/forgot-password${query}`), context: context(), params: {} }) as never) as { signIn: string };
      expectOnSite(forgot.signIn);
      const reset = (await resetLoader(withUrl({ request: new Request(`${SHOP}/auth/reset-password?token=x&${query.slice(1)}`), context: context(), params: {} }) as never)) as { signIn: string; newLink: string };
      expectOnSite(reset.signIn);
      expectOnSite(reset.newLink);
    });

    it("the currency form without JavaScript comes back to a page of the shop", async () => {
      const request = new Request(`${SHOP}/preferences/currency`, {
        method: "POST",
        headers: { "sec-fetch-mode": "navigate" },
        body: new URLSearchParams({ currency: "GHS", returnTo: vector }),
      });
      expectOnSite(await locationOf(() => currencyAction(withUrl({ request, context: context(), params: {} }) as never)));
    });
  });

  it("the currency form still comes back to the page it was sent from", async () => {
    const request = new Request(`${SHOP}/preferences/currency`, {
      method: "POST",
      headers: { "sec-fetch-mode": "navigate" },
      body: new URLSearchParams({ currency: "GBP", returnTo: "/category/Shirts?page=2" }),
    });
    expect(await locationOf(() => currencyAction(withUrl({ request, context: context(), params: {} }) as never))).toBe("/category/Shirts?page=2");
  });
});
