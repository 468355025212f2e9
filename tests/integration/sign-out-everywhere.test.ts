// Sign Out ends this device's session; "Sign out everywhere" (the account page) ends them all,
// as the spec's sign-out call with scope=global did.
import { expect, it } from "vitest";
import { action as signOutAction } from "../../src/web/routes/auth.sign-out.ts";
import { describeEachEngine } from "../helpers/databases.ts";
import { makeAuth, makeContext, SHOP, settle, signedInAccount } from "../helpers/admin.ts";

describeEachEngine("signing out", (get) => {
  async function twoDevices() {
    const { db } = get();
    const auth = makeAuth(db);
    const first = await signedInAccount(db, auth, { admin: false });
    const response = await auth.api.signInEmail({ body: { email: first.email, password: first.password }, asResponse: true });
    const second = response.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    const signedIn = async (cookie: string) => (await auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;
    expect([await signedIn(first.cookie), await signedIn(second)]).toEqual([true, true]);
    const signOut = (cookie: string, scope?: string) =>
      settle(
        signOutAction({
          request: new Request(`${SHOP}/auth/sign-out`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(scope ? { scope } : {}) }),
          params: {},
          context: makeContext(db, auth),
        } as never),
      );
    return { first: first.cookie, second, signedIn, signOut };
  }

  it("Sign Out ends only the session of this device, and clears its cookie", async () => {
    const { first, second, signedIn, signOut } = await twoDevices();
    const answer = await signOut(first);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
    expect(answer.headers.get("set-cookie")).toMatch(/session_token=;/);
    expect([await signedIn(first), await signedIn(second)]).toEqual([false, true]);
  });

  it("Sign out everywhere ends every session of the account", async () => {
    const { first, second, signedIn, signOut } = await twoDevices();
    const answer = await signOut(first, "everywhere");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("set-cookie")).toMatch(/session_token=;/);
    expect([await signedIn(first), await signedIn(second)]).toEqual([false, false]);
  });
});
