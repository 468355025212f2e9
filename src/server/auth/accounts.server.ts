// Sign-up, sign-in and sign-out (storefront.md section 2 "Auth", section 4 "Authentication",
// section 5 "Sign-up and sign-in", section 8). better-auth hashes passwords and keeps sessions;
// this module adds the shop's rules around it: the spec's messages, the profile (first and last
// name, phone), rate limits per IP and per e-mail, and no account enumeration on sign-in.
import { APIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { auth as authMessages } from "../../domain/messages/account.ts";
import { firstIssueMessage, signInSchema, signUpSchema } from "../../domain/schemas.ts";
import type { Database } from "../db/client.server.ts";
import { profiles, user } from "../db/schema.ts";
import { takeAttempts, type RateLimitRule } from "../security/rate-limit.server.ts";
import { CLIENT_IP_HEADER, type Auth } from "./auth.server.ts";

const MINUTE = 60_000;

/** Generous enough for a family behind one router, tight enough to stop password guessing. */
export const AUTH_RATE_LIMITS = {
  signInPerIp: { name: "sign-in-ip", max: 30, windowMs: 15 * MINUTE },
  signInPerEmail: { name: "sign-in-email", max: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { name: "sign-up-ip", max: 20, windowMs: 60 * MINUTE },
  signUpPerEmail: { name: "sign-up-email", max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

type App = { auth: Auth; db: Database };

/** Who is asking: the request headers (for the session's user agent) and the client's address. */
export type RequestMeta = { headers: Headers; ip: string };

export type AuthField = "firstName" | "lastName" | "email" | "phone" | "password";

/** The headers better-auth sees: the request's, with the client address the host worked out. */
function libraryHeaders(meta: RequestMeta): Headers {
  const headers = new Headers(meta.headers);
  headers.set(CLIENT_IP_HEADER, meta.ip);
  return headers;
}

export type AuthResult =
  | { ok: true; userId: string | null; setCookies: string[] }
  | { ok: false; status: 400 | 401 | 403 | 409 | 429 | 500; message: string; field?: AuthField; retryAfterSeconds?: number };

function invalid(error: { issues: { path: PropertyKey[] }[] } & Parameters<typeof firstIssueMessage>[0]): AuthResult {
  return { ok: false, status: 400, message: firstIssueMessage(error), field: error.issues[0]?.path[0] as AuthField | undefined };
}

function tooMany(retryAfterSeconds: number): AuthResult {
  return { ok: false, status: 429, message: authMessages.tooManyAttempts, retryAfterSeconds };
}

async function userIdOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } };
    return typeof body.user?.id === "string" ? body.user.id : null;
  } catch {
    return null;
  }
}

export async function signUp(app: App, input: unknown, meta: RequestMeta): Promise<AuthResult> {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { firstName, lastName, email, phone, password } = parsed.data;

  const limit = await takeAttempts(app.db, [
    { rule: AUTH_RATE_LIMITS.signUpPerIp, subject: meta.ip },
    { rule: AUTH_RATE_LIMITS.signUpPerEmail, subject: email },
  ]);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);

  let response: Response;
  try {
    response = await app.auth.api.signUpEmail({
      body: { email, password, name: `${firstName} ${lastName}`, callbackURL: "/auth?verified=1" },
      headers: libraryHeaders(meta),
      asResponse: true,
    });
  } catch (error) {
    return fromLibraryError(error, "sign-up");
  }
  if (!response.ok) return fromLibraryResponse(response, "sign-up");

  const userId = await userIdOf(response);
  // With e-mail verification required the library answers an existing address like a new one
  // (no enumeration), with a made-up user: the profile is written only for a user that exists.
  if (userId) {
    await app.db.execute(sql`
      insert into ${profiles} (id, first_name, last_name, phone)
      select ${user.id}, ${firstName}, ${lastName}, ${phone ?? null} from ${user} where ${user.id} = ${userId}
      on conflict (id) do nothing`);
  }
  const setCookies = response.headers.getSetCookie();
  return { ok: true, userId: setCookies.length > 0 ? userId : null, setCookies };
}

export async function signIn(app: App, input: unknown, meta: RequestMeta): Promise<AuthResult> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email, password } = parsed.data;

  const limit = await takeAttempts(app.db, [
    { rule: AUTH_RATE_LIMITS.signInPerIp, subject: meta.ip },
    { rule: AUTH_RATE_LIMITS.signInPerEmail, subject: email },
  ]);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);

  let response: Response;
  try {
    response = await app.auth.api.signInEmail({ body: { email, password }, headers: libraryHeaders(meta), asResponse: true });
  } catch (error) {
    return fromLibraryError(error, "sign-in");
  }
  if (!response.ok) return fromLibraryResponse(response, "sign-in");
  return { ok: true, userId: await userIdOf(response), setCookies: response.headers.getSetCookie() };
}

/** Ends the session on the server; the returned cookies clear it in the browser. */
export async function signOut(app: App, headers: Headers): Promise<string[]> {
  try {
    const response = await app.auth.api.signOut({ headers, asResponse: true });
    return response.headers.getSetCookie();
  } catch (error) {
    // Signing out without a session (already expired or revoked) is fine.
    if (error instanceof APIError) return [];
    throw error;
  }
}

async function fromLibraryResponse(response: Response, action: "sign-in" | "sign-up"): Promise<AuthResult> {
  let code: string | undefined;
  try {
    code = ((await response.json()) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return mapLibraryCode(response.status, code, action);
}

function fromLibraryError(error: unknown, action: "sign-in" | "sign-up"): AuthResult {
  if (error instanceof APIError) {
    const body = error.body as { code?: string } | undefined;
    return mapLibraryCode(error.statusCode, body?.code, action);
  }
  throw error;
}

function mapLibraryCode(status: number, code: string | undefined, action: "sign-in" | "sign-up"): AuthResult {
  if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return { ok: false, status: 409, message: authMessages.accountExists, field: "email" };
  }
  if (code === "EMAIL_NOT_VERIFIED") return { ok: false, status: 403, message: authMessages.emailNotVerified };
  if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG" || code === "INVALID_EMAIL") {
    return { ok: false, status: 400, message: authMessages.unexpected };
  }
  // Unknown e-mail and wrong password read the same (no account enumeration).
  if (action === "sign-in" && (status === 401 || status === 400)) {
    return { ok: false, status: 401, message: authMessages.invalidCredentials };
  }
  if (status === 429) return tooMany(60);
  return { ok: false, status: 500, message: authMessages.unexpected };
}
