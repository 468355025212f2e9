// Who is making this request. Sessions live in the database (better-auth) behind an httpOnly
// cookie; an expired, revoked or unknown session is simply "signed out", never an error. A session
// that cannot be read because the database is away is not "signed out" either: the request is
// answered 503, so a signed-in shopper is never told to sign in (or shown an empty cart).
import { APIError } from "better-auth/api";
import type { Database } from "../db/client.server.ts";
import { isDatabaseUnavailable, serviceUnavailableResponse } from "../db/database-errors.server.ts";
import type { Auth } from "./auth.server.ts";
import { readFactsOfUser, readSessionQuickly, type SessionFacts } from "./session-lookup.server.ts";

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
  const facts = await readSessionFacts(app, requestHeaders, setCookie);
  if (!facts) return null;
  return {
    userId: facts.user.id,
    email: facts.user.email,
    emailVerified: facts.user.emailVerified,
    ...viewerNames(facts.user.name, facts.profile),
    phone: facts.profile?.phone ?? "",
  };
}

/**
 * Who is signed in, with their profile and admin row, or null when nobody is: one query for a
 * session in use (decision 047), the library's own reading for everything else (expiry, renewal,
 * stale cookies). Errors as readViewer.
 */
export async function readSessionFacts(
  app: { auth: Auth; db: Database },
  requestHeaders: Headers,
  setCookie: (cookie: string) => void = () => {},
): Promise<SessionFacts | null> {
  try {
    const quick = await readSessionQuickly(app, requestHeaders);
    if (quick === "signed-out") return null;
    if (quick !== "ask-library") return quick;
    const signedIn = await readSessionUserFromLibrary(app, requestHeaders, setCookie);
    return signedIn ? await readFactsOfUser(app.db, signedIn.id) : null;
  } catch (error) {
    // Thrown, a Response ends the loader or action: JSON routes send it, pages show the error screen.
    if (isDatabaseUnavailable(error)) throw serviceUnavailableResponse();
    throw error;
  }
}

async function readSessionUserFromLibrary(app: { auth: Auth }, requestHeaders: Headers, setCookie: (cookie: string) => void): Promise<{ id: string } | null> {
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
  return found.response ? { id: found.response.user.id } : null;
}

/** The profile's names, or the account's name split at the first space when the profile has none. */
export function viewerNames(accountName: string, profile: { firstName: string | null; lastName: string | null } | null | undefined): { firstName: string; lastName: string } {
  const [fallbackFirst = "", ...fallbackRest] = accountName.trim().split(/\s+/);
  return { firstName: profile?.firstName || fallbackFirst, lastName: profile?.lastName || fallbackRest.join(" ") };
}
