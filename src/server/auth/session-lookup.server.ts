// The session of a request in one query (decision 047): the session, its user, the profile and
// the admin row, read together. Every signed-in page and API call needs who is asking, and the
// library's own reading costs two queries and a round of its framework per request (the user's
// profile and the admin check were two more).
//
// This path answers only the common case, exactly as the library would: a correctly signed
// session cookie for a session that exists, has not expired and is not yet due for renewal. Every
// other case (no such session, expired, due for renewal, a bad signature, the library's cookie
// cache present) is handed back to the library, which clears cookies, deletes expired sessions
// and renews sessions as it always has.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { adminUsers, profiles, session, shopSettings, user } from "../db/schema.ts";
import type { Auth } from "./auth.server.ts";

export type SessionFacts = {
  user: { id: string; email: string; emailVerified: boolean; name: string };
  profile: { firstName: string; lastName: string; phone: string | null } | null;
  /** Null when the user is not in admin_users; the shop's name heads the back office. */
  admin: { twoFactorEnabled: boolean; shopRequiresTwoFactor: boolean; shopName: string | null } | null;
};

/** What the quick read found: the facts, nobody signed in, or a case only the library handles. */
export type QuickSession = SessionFacts | "signed-out" | "ask-library";

type CookieNames = { sessionToken: string; sessionData: string };
type LibrarySettings = { secret: string; cookies: CookieNames; expiresInMs: number; updateAgeMs: number };

const settingsOf = new WeakMap<Auth, Promise<LibrarySettings>>();

function librarySettings(auth: Auth): Promise<LibrarySettings> {
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      secret: context.secret,
      cookies: { sessionToken: context.authCookies.sessionToken.name, sessionData: context.authCookies.sessionData.name },
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    settingsOf.set(auth, settings);
  }
  return settings;
}

/** The request's cookies as the library reads them: the first of a name wins, values URI-decoded. */
export function readCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim();
    if (name === "" || cookies.has(name)) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // The library keeps a value it cannot decode as it is.
    }
    cookies.set(name, value);
  }
  return cookies;
}

/** A base64 HMAC-SHA256: 32 bytes are 43 characters and one "=". */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The token of a signed cookie value (`token.signature`, the signature a base64 HMAC-SHA256 of the
 * token under the auth secret), or null when the signature does not match.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // Standard base64 only, as the library's own check (atob) reads it: Buffer would also take
  // base64url's "-" and "_", so a cookie the library refuses would pass here.
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export async function readSessionQuickly(app: { auth: Auth; db: Database }, requestHeaders: Headers): Promise<QuickSession> {
  const header = requestHeaders.get("cookie");
  if (!header) return "signed-out";
  const settings = await librarySettings(app.auth);
  const cookies = readCookies(header);
  const signed = cookies.get(settings.cookies.sessionToken);
  // Without a session cookie the library answers "signed out" too, unless it has a stale cookie
  // cache to clear.
  if (!signed) return cookies.has(settings.cookies.sessionData) ? "ask-library" : "signed-out";
  if (cookies.has(settings.cookies.sessionData)) return "ask-library";
  const token = verifySignedToken(signed, settings.secret);
  if (!token) return "ask-library";

  const row = await readFacts(app.db, { token });
  if (!row) return "ask-library";
  const now = Date.now();
  // Read through the session join, so never null here.
  const expiresAt = row.expiresAt!.getTime();
  // Expired (the library deletes it and clears the cookie) or due for renewal (the library
  // extends it and sends a new cookie): both are the library's.
  if (expiresAt <= now || expiresAt - settings.expiresInMs + settings.updateAgeMs <= now) return "ask-library";
  return factsOf(row);
}

/**
 * The facts of a user whose session the library has just read (and perhaps renewed or replaced):
 * the same columns as the quick read, by the user's id.
 */
export async function readFactsOfUser(db: Database, userId: string): Promise<SessionFacts | null> {
  const row = await readFacts(db, { userId });
  return row ? factsOf(row) : null;
}

async function readFacts(db: Database, by: { token: string } | { userId: string }) {
  const query = db
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      twoFactorEnabled: user.twoFactorEnabled,
      hasProfile: sql<boolean>`${profiles.id} is not null`,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      isAdmin: sql<boolean>`${adminUsers.id} is not null`,
      shopRequiresTwoFactor: sql<boolean | null>`(select ${shopSettings.requireAdminTwoFactor} from ${shopSettings} where ${shopSettings.id} = 1)`,
      // Only an admin's read asks for it (the storefront never shows it): null for everyone else.
      shopName: sql<string | null>`case when ${adminUsers.id} is not null then (select ${shopSettings.shopName} from ${shopSettings} where ${shopSettings.id} = 1) end`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(adminUsers, eq(adminUsers.id, user.id))
    .$dynamic();
  const [row] =
    "token" in by
      ? await query.innerJoin(session, and(eq(session.userId, user.id), eq(session.token, by.token))).limit(1)
      : // No session in this read: its columns stay null.
        await query.leftJoin(session, sql`false`).where(eq(user.id, by.userId)).limit(1);
  return row;
}

type FactsRow = NonNullable<Awaited<ReturnType<typeof readFacts>>>;

function factsOf(row: FactsRow): SessionFacts {
  return {
    user: { id: row.id, email: row.email, emailVerified: row.emailVerified, name: row.name },
    profile: row.hasProfile ? { firstName: row.firstName ?? "", lastName: row.lastName ?? "", phone: row.phone } : null,
    admin: row.isAdmin
      ? { twoFactorEnabled: row.twoFactorEnabled === true, shopRequiresTwoFactor: row.shopRequiresTwoFactor === true, shopName: row.shopName }
      : null,
  };
}
