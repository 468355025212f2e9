// The quick session read (decision 047): one query answers a session in use exactly as the auth
// library would, and every other case is left to the library.
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { signUp } from "../../src/server/auth/accounts.server.ts";
import { createAuth, type Auth } from "../../src/server/auth/auth.server.ts";
import { readSessionQuickly } from "../../src/server/auth/session-lookup.server.ts";
import { readSessionFacts } from "../../src/server/auth/session.server.ts";
import type { Database } from "../../src/server/db/client.server.ts";
import { adminUsers, session, shopSettings } from "../../src/server/db/schema.ts";
import { describeEachEngine } from "../helpers/databases.ts";

const SECRET = "test-secret-test-secret-test-secret-0123";
const meta = { headers: new Headers(), ip: "203.0.113.9" };
let counter = 0;
const newEmail = () => `quick${++counter}-${Date.now()}@example.com`;
const cookieHeader = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]).join("; ");

describeEachEngine("quick session read", (get) => {
  let app: { auth: Auth; db: Database };

  beforeAll(() => {
    app = { auth: createAuth({ db: get().db, config: { publicUrl: "http://shop.test", requireEmailVerification: false, env: "test" }, secret: SECRET }), db: get().db };
  });

  async function signedUp(phone?: string) {
    const email = newEmail();
    const result = await signUp(app, { firstName: "Yaw", lastName: "Boateng", email, password: "correct horse battery", ...(phone ? { phone } : {}) }, meta);
    if (!result.ok || !result.userId) throw new Error("sign-up failed");
    return { email, userId: result.userId, headers: new Headers({ cookie: cookieHeader(result.setCookies) }) };
  }

  it("answers a session in use with the user and profile, the same user the library reads", async () => {
    const { email, userId, headers } = await signedUp("+44 20 7946 0001");
    const quick = await readSessionQuickly(app, headers);
    expect(quick).toEqual({
      user: { id: userId, email, emailVerified: false, name: "Yaw Boateng" },
      profile: { firstName: "Yaw", lastName: "Boateng", phone: "+44 20 7946 0001" },
      admin: null,
    });
    const library = await app.auth.api.getSession({ headers });
    expect(library?.user.id).toBe(userId);
  });

  it("reads the admin row, the shop's two-factor requirement and its name in the same query", async () => {
    const { userId, headers } = await signedUp();
    await get().db.insert(adminUsers).values({ id: userId });
    const [settings] = await get()
      .db.select({ required: shopSettings.requireAdminTwoFactor, name: shopSettings.shopName })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    const quick = await readSessionQuickly(app, headers);
    expect(quick).toMatchObject({ admin: { twoFactorEnabled: false, shopRequiresTwoFactor: settings?.required === true, shopName: settings?.name ?? null } });
  });

  it("leaves expired, unknown, renewal-due and wrongly signed sessions to the library, which answers them", async () => {
    const { userId, headers } = await signedUp();
    expect(await readSessionQuickly(app, new Headers())).toBe("signed-out");
    expect(await readSessionQuickly(app, new Headers({ cookie: "theme=dark" }))).toBe("signed-out");

    // Due for renewal: the library renews it and hands on the cookie; the facts still come back.
    const soon = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await get().db.update(session).set({ expiresAt: soon }).where(eq(session.userId, userId));
    expect(await readSessionQuickly(app, headers)).toBe("ask-library");
    const renewed: string[] = [];
    expect((await readSessionFacts(app, headers, (cookie) => renewed.push(cookie)))?.user.id).toBe(userId);
    expect(renewed.some((cookie) => cookie.includes("session_token="))).toBe(true);
    // Renewed, the session is the quick read's again.
    expect(await readSessionQuickly(app, headers)).toMatchObject({ user: { id: userId } });

    // A signature from another secret: the library refuses it too.
    const other = createAuth({ db: get().db, config: { publicUrl: "http://shop.test", requireEmailVerification: false, env: "test" }, secret: "another-secret-another-secret-another-1" });
    expect(await readSessionQuickly({ auth: other, db: get().db }, headers)).toBe("ask-library");
    expect(await readSessionFacts({ auth: other, db: get().db }, headers)).toBeNull();

    // Expired: the library deletes it and clears the cookie.
    await get().db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, userId));
    expect(await readSessionQuickly(app, headers)).toBe("ask-library");
    const cleared: string[] = [];
    expect(await readSessionFacts(app, headers, (cookie) => cleared.push(cookie))).toBeNull();
    expect(cleared.join(";")).toMatch(/Max-Age=0/i);
    expect(await get().db.select().from(session).where(eq(session.userId, userId))).toHaveLength(0);

    // Gone (signed out elsewhere): nobody.
    expect(await readSessionQuickly(app, headers)).toBe("ask-library");
    expect(await readSessionFacts(app, headers)).toBeNull();
  });
});
