// Who is making this request. Sessions live in the database (better-auth) behind an httpOnly
// cookie; an expired, revoked or unknown session is simply "signed out", never an error.
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { profiles } from "../db/schema.ts";
import type { Auth } from "./auth.server.ts";

export type Viewer = {
  userId: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
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
  let found;
  try {
    found = await app.auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
  } catch (error) {
    if (error instanceof APIError) return null;
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
  };
}
