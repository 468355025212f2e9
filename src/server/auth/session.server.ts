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
  if (!requestHeaders.get("cookie")) return null;
  try {
    return await lookUpViewer(app, requestHeaders, setCookie);
  } catch (error) {
    // Thrown, a Response ends the loader or action: JSON routes send it, pages show the error screen.
    if (isDatabaseUnavailable(error)) throw serviceUnavailableResponse();
    throw error;
  }
}

async function lookUpViewer(app: { auth: Auth; db: Database }, requestHeaders: Headers, setCookie: (cookie: string) => void): Promise<Viewer | null> {
  let found;
  try {
    found = await app.auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
  } catch (error) {
    // better-auth answers a bad or expired session with a 4xx APIError, and wraps a failure of
    // its own (the database) in a 5xx one whose cause says why: only the first is "signed out".
    if (error instanceof APIError && error.statusCode < 500) return null;
    throw error;
  }
  for (const cookie of found.headers.getSetCookie()) setCookie(cookie);
  const session = found.response;
  if (!session) return null;
  const [profile] = await app.db.select().from(profiles).where(eq(profiles.id, session.user.id)).limit(1);
  const [fallbackFirst = "", ...fallbackRest] = session.user.name.trim().split(/\s+/);
  return {
    userId: session.user.id,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    firstName: profile?.firstName || fallbackFirst,
    lastName: profile?.lastName || fallbackRest.join(" "),
    phone: profile?.phone ?? "",
  };
}
