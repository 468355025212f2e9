// Confirming an account's e-mail address. A confirmed address lets the account see the orders
// placed without signing in with it (My orders) and be made an admin, so confirming must be the
// account holder's own act. Anyone can sign up with an address that is not theirs and choose the
// password; the link mailed to the address proves only that its opener reads that mailbox. So the
// link confirms only together with the account's password: opened in a browser signed in to that
// account (the shop's sign-up signs the new shopper in, so the usual case is one click), or
// followed by a sign-in to it on the page the link opens. Nobody else's click confirms anything.
import { verifyJWT } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { user } from "../db/schema.ts";
import { signIn, type AuthResult, type RequestMeta } from "./accounts.server.ts";
import type { Auth } from "./auth.server.ts";

type App = { auth: Auth; db: Database };

/** A token far longer than any the library signs is not one. */
const TOKEN_MAX_LENGTH = 2000;

type ConfirmationLink = { userId: string; email: string; confirmed: boolean };

/**
 * The account a confirmation link names, or null when the link is not one the shop signed, has
 * expired, or names an address the account no longer has. The token is the library's (signed with
 * the auth secret, an hour long, holding the address and the account's id).
 */
async function readConfirmationLink(app: App, token: string | null): Promise<ConfirmationLink | null> {
  if (!token || token.length > TOKEN_MAX_LENGTH) return null;
  const payload = await verifyJWT(token, (await app.auth.$context).secret);
  // A change-of-address token (`updateTo`) is not one: the shop offers no change of address.
  if (!payload || typeof payload.userId !== "string" || typeof payload.email !== "string" || payload.updateTo !== undefined) return null;
  const [account] = await app.db.select({ id: user.id, email: user.email, confirmed: user.emailVerified }).from(user).where(eq(user.id, payload.userId)).limit(1);
  if (!account || account.email.toLowerCase() !== payload.email.toLowerCase()) return null;
  return { userId: account.id, email: account.email, confirmed: account.confirmed };
}

async function markConfirmed(db: Database, link: ConfirmationLink): Promise<void> {
  if (link.confirmed) return;
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(and(eq(user.id, link.userId), eq(user.email, link.email)));
}

/** What the page a confirmation link opens shows. */
export type ConfirmationView =
  /** The browser is signed in to the link's account: its address is confirmed (now, or before). */
  | { state: "confirmed" }
  /** Anyone else: sign in to the link's account to confirm. `signedInAs`: the other account this browser is signed in to. */
  | { state: "sign-in"; email: string; alreadyConfirmed: boolean; signedInAs: string | null }
  /** Expired, cut short, mistyped, or its account gone. */
  | { state: "failed" };

/**
 * Opens a confirmation link for whoever is signed in (`viewer`, or null): confirms the address
 * only when that is the link's own account. Signs nobody in: the link is one factor at most, and
 * a forwarded one would sign its reader into the sender's account.
 */
export async function openConfirmationLink(app: App, token: string | null, viewer: { userId: string; email: string } | null): Promise<ConfirmationView> {
  const link = await readConfirmationLink(app, token);
  if (!link) return { state: "failed" };
  if (viewer?.userId === link.userId) {
    await markConfirmed(app.db, link);
    return { state: "confirmed" };
  }
  return { state: "sign-in", email: link.email, alreadyConfirmed: link.confirmed, signedInAs: viewer?.email ?? null };
}

/**
 * A sign-in on the page a confirmation link opened. Signed in, the browser comes back to that page,
 * which confirms (openConfirmationLink). With e-mail verification required an unconfirmed account
 * cannot sign in at all: there the right password for the link's own address (the library's
 * refusal of it says it was right) is what confirms the address, and the sign-in then goes ahead.
 */
export async function signInFromConfirmationLink(app: App, token: string, input: { email: string; password: string }, meta: RequestMeta): Promise<AuthResult> {
  const link = await readConfirmationLink(app, token);
  const forThisLink = link !== null && !link.confirmed && link.email.toLowerCase() === input.email.trim().toLowerCase();
  // The shopper holds a valid link already: a new one would only fill the inbox.
  const first = await signIn(app, input, meta, { mailConfirmationLink: !forThisLink });
  if (!forThisLink || first.ok || first.status !== 403) return first;
  await markConfirmed(app.db, link);
  return signIn(app, input, meta);
}
