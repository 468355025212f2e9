// Who is making this request. Sessions live in the database (better-auth) behind an httpOnly
// cookie; an expired, revoked or unknown session is simply "signed out", never an error. A session
// that cannot be read because the database is away is not "signed out" either: the request is
// answered 503, so a signed-in shopper is never told to sign in (or shown an empty cart).
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { isDatabaseUnavailable, serviceUnavailableResponse } from "../db/database-errors.server.ts";
import { profiles } from "../db/schema.ts";
import type { Auth } from "./auth.server.ts";

export type Viewer = {
  userId: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** From the profile (optional at sign-up); "" when none was given. */
  phone: string;
};

/**
 * Reads the session from the request's cookies. A session in use is renewed by the library
 * (`updateAge`); the renewed cookie is handed to `setCookie` so the browser keeps it.
 */
export async function readViewer(
  app: { auth: Auth; db: Database },
  requestHeaders: Headers,
  setCookie: (cookie: string) => void = () => {},
): Promise<Viewer | null> {
  const user = await readSessionUser(app, requestHeaders, setCookie);
  if (!user) return null;
  let profile;
  try {
    [profile] = await app.db.select().from(profiles).where(eq(profiles.id, user.id)).limit(1);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw serviceUnavailableResponse();
    throw error;
  }
  return {
    userId: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    ...viewerNames(user.name, profile),
    phone: profile?.phone ?? "",
  };
}

export type SessionUser = { id: string; email: string; emailVerified: boolean; name: string };

/**
 * The session's user, or null when signed out; the same reading and errors as readViewer, without
 * the profile (the admin guard reads it with the admin rows, in one round trip).
 */
export async function readSessionUser(
  app: { auth: Auth },
  requestHeaders: Headers,
  setCookie: (cookie: string) => void = () => {},
): Promise<SessionUser | null> {
  if (!requestHeaders.get("cookie")) return null;
  let found;
  try {
    found = await app.auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
  } catch (error) {
    // better-auth answers a bad or expired session with a 4xx APIError, and wraps a failure of
    // its own (the database) in a 5xx one whose cause says why: only the first is "signed out".
    if (error instanceof APIError && error.statusCode < 500) return null;
    // Thrown, a Response ends the loader or action: JSON routes send it, pages show the error screen.
    if (isDatabaseUnavailable(error)) throw serviceUnavailableResponse();
    throw error;
  }
  for (const cookie of found.headers.getSetCookie()) setCookie(cookie);
  const session = found.response;
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, emailVerified: session.user.emailVerified, name: session.user.name };
}

/** The profile's names, or the account's name split at the first space when the profile has none. */
export function viewerNames(accountName: string, profile: { firstName: string | null; lastName: string | null } | null | undefined): { firstName: string; lastName: string } {
  const [fallbackFirst = "", ...fallbackRest] = accountName.trim().split(/\s+/);
  return { firstName: profile?.firstName || fallbackFirst, lastName: profile?.lastName || fallbackRest.join(" ") };
}
