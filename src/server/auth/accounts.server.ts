// Sign-up, sign-in, sign-out and password reset (storefront.md section 2 "Auth", section 4
// "Authentication", section 5 "Sign-up and sign-in", section 8; the reset is issue 10's).
// better-auth hashes passwords, keeps sessions and reset tokens; this module adds the shop's rules
// around it: the spec's messages, the profile (first and last name, phone), the password rule,
// rate limits that stop guessing without locking the owner out (decision 015), and no answer that
// tells whether an e-mail address has an account.
import { APIError } from "better-auth/api";
import { and, eq, like, sql } from "drizzle-orm";
import { emailForDisplay } from "../../domain/email-display.ts";
import { accountConfirmation, auth as authMessages, passwordChange, passwordReset, twoFactorSignIn } from "../../domain/messages/account.ts";
import { validation } from "../../domain/messages/forms.ts";
import { requestErrors } from "../../domain/messages/requests.ts";
import { controlCharactersMessage, isStorableText } from "../../domain/text-rules.ts";
import {
  firstIssueMessage,
  messagesByField,
  passwordResetRequestSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "../../domain/schemas.ts";
import type { Database } from "../db/client.server.ts";
import { databaseErrorOf, isDatabaseUnavailable, SQLSTATE } from "../db/database-errors.server.ts";
import { profiles, user, verification } from "../db/schema.ts";
import { addressForLimits, clearAttempts, returnAttempt, readAttempts, takeAttempt, takeAttempts, type RateLimitRule } from "../security/rate-limit.server.ts";
import { CLIENT_IP_HEADER, RESET_IDENTIFIER_PREFIX, resetReturnTo, type Auth } from "./auth.server.ts";
import { isCommonPassword } from "./common-passwords.server.ts";
import { logRequestError } from "../http/error-log.server.ts";
import { queueMail } from "../mail/outbox.server.ts";
import { readStoredShopSettings } from "../settings/shop-settings.server.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const signUpRule = signUpSchema(isCommonPassword);
const resetRule = resetPasswordSchema(isCommonPassword);

/**
 * Decision 015. Every limit is keyed so that an attacker elsewhere cannot lock the owner out:
 * - per IP, all attempts: one address cannot guess at many accounts;
 * - per account and IP, all attempts: one address cannot keep guessing at one account;
 * - per account, failures from anywhere (NIST SP 800-63B's cap of 100): a guess spread over
 *   many addresses stops too, except from an address the owner has signed in from before, and a
 *   password reset clears it.
 * Sign-up and reset: generous enough for a family behind one router, tight enough to stop abuse.
 */
export const AUTH_RATE_LIMITS = {
  signInPerIp: { name: "sign-in-ip", max: 30, windowMs: 15 * MINUTE },
  signInPerAccountAndIp: { name: "sign-in-account-ip", max: 10, windowMs: 15 * MINUTE },
  signInFailuresPerAccount: { name: "sign-in-failures", max: 100, windowMs: 60 * MINUTE },
  // Not a limit: where the account has signed in successfully, in the last 30 days.
  signInKnownAddress: { name: "sign-in-known", max: Number.MAX_SAFE_INTEGER, windowMs: 30 * DAY },
  signUpPerIp: { name: "sign-up-ip", max: 20, windowMs: 60 * MINUTE },
  signUpPerEmail: { name: "sign-up-email", max: 5, windowMs: 60 * MINUTE },
  resetRequestPerIp: { name: "reset-request-ip", max: 10, windowMs: 60 * MINUTE },
  resetRequestPerEmail: { name: "reset-request-email", max: 3, windowMs: 60 * MINUTE },
  resetPasswordPerIp: { name: "reset-password-ip", max: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

const accountAndIp = (email: string, ip: string) => `${email.trim().toLowerCase()}|${addressForLimits(ip)}`;

type App = { auth: Auth; db: Database };

/** Who is asking: the request headers (for the session's user agent) and the client's address. */
export type RequestMeta = { headers: Headers; ip: string };

export type AuthField = "firstName" | "lastName" | "email" | "phone" | "password" | "confirmPassword" | "token";

/** The headers better-auth sees: the request's, with the client address the host worked out. */
export function libraryHeaders(meta: RequestMeta): Headers {
  const headers = new Headers(meta.headers);
  headers.set(CLIENT_IP_HEADER, meta.ip);
  return headers;
}

export type AuthResult =
  /**
   * `twoFactor`: the password was right and the account has two-factor sign-in on; no session
   * exists yet, `setCookies` holds the short-lived challenge cookie for the code step
   * (verifyTwoFactorSignIn).
   */
  | { ok: true; userId: string | null; setCookies: string[]; twoFactor?: true }
  | {
      ok: false;
      status: 400 | 401 | 403 | 409 | 429 | 500;
      message: string;
      field?: AuthField;
      /** Every field the form got wrong, with its first message (a form's refusal). */
      fields?: Partial<Record<AuthField, string>>;
      retryAfterSeconds?: number;
    };

function invalid(error: Parameters<typeof firstIssueMessage>[0]): AuthResult {
  return { ok: false, status: 400, message: firstIssueMessage(error), field: error.issues[0]?.path[0] as AuthField | undefined, fields: messagesByField(error) };
}

function tooMany(retryAfterSeconds: number, message: string = authMessages.tooManyAttempts): AuthResult & { ok: false } {
  return { ok: false, status: 429, message, retryAfterSeconds };
}

/** The forms' names of the fields an account form posts, for the messages that name them. */
const FIELD_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  password: "Password",
  confirmPassword: passwordReset.confirmPasswordLabel,
};

/**
 * PostgreSQL cannot store a NUL character or half a surrogate pair: a NUL came back as a 500
 * (issue 10, item 8). No name, e-mail address or password holds one, so it is refused first
 * (a password is never stored as typed, but the library refuses it with its own words), with the
 * forms' rule naming the field to fix (docs/api.md "Forms").
 */
function refuseNul(input: unknown): AuthResult | null {
  if (typeof input !== "object" || input === null) return null;
  for (const [name, value] of Object.entries(input)) {
    if (typeof value !== "string" || isStorableText(value)) continue;
    if (name === "token") return { ok: false, status: 400, message: validation.resetLinkInvalid, field: "token" };
    const label = FIELD_LABELS[name];
    return label
      ? { ok: false, status: 400, message: controlCharactersMessage(label), field: name as AuthField }
      : { ok: false, status: 400, message: requestErrors.unstorableText };
  }
  return null;
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
  const nul = refuseNul(input);
  if (nul) return nul;
  const parsed = signUpRule.safeParse(input);
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
      body: { email, password, name: `${firstName} ${lastName}` },
      headers: libraryHeaders(meta),
      asResponse: true,
    });
  } catch (error) {
    if (databaseErrorOf(error)?.code === SQLSTATE.uniqueViolation || (await lostSignUpRace(app, error, email))) return existingAccountAnswer(app);
    return fromLibraryError(error, "sign-up");
  }
  if (!response.ok) {
    if (await lostSignUpRace(app, await libraryCode(response), email)) return existingAccountAnswer(app);
    return fromLibraryResponse(response, "sign-up");
  }

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

/**
 * E-mails a fresh link that confirms the address of an account that has not confirmed it (the
 * library sends nothing for an unknown or confirmed address). The link opens /auth, as the
 * sign-up e-mail's does.
 */
export async function sendEmailConfirmation(auth: Auth, email: string): Promise<void> {
  await auth.api.sendVerificationEmail({ body: { email } });
}

/**
 * New confirmation links for one account, however asked for (the account page's "Send the link
 * again", a refused sign-in while verification is required): three an hour, so nobody can make
 * the shop flood an address with them. Each link works for an hour.
 */
export const CONFIRMATION_RESEND_LIMIT = { name: "confirmation-resend-account", max: 3, windowMs: 60 * MINUTE } satisfies RateLimitRule;

export type ConfirmationResend = { ok: true; message: string } | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/** The account page's "Send the link again", for the signed-in account's own address only. */
export async function resendEmailConfirmation(app: App, account: { userId: string; email: string; emailVerified: boolean }): Promise<ConfirmationResend> {
  if (account.emailVerified) return { ok: true, message: accountConfirmation.alreadyConfirmed };
  const limit = await takeAttempt(app.db, CONFIRMATION_RESEND_LIMIT, account.userId);
  if (!limit.allowed) return { ok: false, status: 429, message: accountConfirmation.tooMany(CONFIRMATION_RESEND_LIMIT.max), retryAfterSeconds: limit.retryAfterSeconds };
  await sendEmailConfirmation(app.auth, account.email);
  return { ok: true, message: accountConfirmation.sent(emailForDisplay(account.email)) };
}

export type SignInOptions = {
  /** With verification required, whether a refusal for an unconfirmed address mails a new link (within CONFIRMATION_RESEND_LIMIT). */
  mailConfirmationLink?: boolean;
};

export async function signIn(app: App, input: unknown, meta: RequestMeta, { mailConfirmationLink = true }: SignInOptions = {}): Promise<AuthResult> {
  const nul = refuseNul(input);
  if (nul) return nul;
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email, password } = parsed.data;

  const limit = await takeAttempts(app.db, [
    { rule: AUTH_RATE_LIMITS.signInPerIp, subject: meta.ip },
    { rule: AUTH_RATE_LIMITS.signInPerAccountAndIp, subject: accountAndIp(email, meta.ip) },
  ]);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds);

  // A guess spread over many addresses: the account is throttled, but not for an address the
  // owner has signed in from (their home, their phone), so the attack does not lock them out.
  const failures = await readAttempts(app.db, AUTH_RATE_LIMITS.signInFailuresPerAccount, email);
  if (failures.count >= AUTH_RATE_LIMITS.signInFailuresPerAccount.max) {
    const known = await readAttempts(app.db, AUTH_RATE_LIMITS.signInKnownAddress, accountAndIp(email, meta.ip));
    if (known.count === 0) return tooMany(failures.retryAfterSeconds, authMessages.accountThrottled);
  }

  let result: AuthResult;
  try {
    const response = await app.auth.api.signInEmail({ body: { email, password }, headers: libraryHeaders(meta), asResponse: true });
    result = response.ok
      ? (await asksForSecondFactor(response))
        ? { ok: true, userId: null, setCookies: response.headers.getSetCookie(), twoFactor: true }
        : { ok: true, userId: await userIdOf(response), setCookies: response.headers.getSetCookie() }
      : await fromLibraryResponse(response, "sign-in");
  } catch (error) {
    result = fromLibraryError(error, "sign-in");
  }
  if (result.ok) {
    await takeAttempt(app.db, AUTH_RATE_LIMITS.signInKnownAddress, accountAndIp(email, meta.ip));
    // The owner's own sign-ins are not guesses: only failed tries count toward this address's
    // limits, the account's own and the address's as a whole (many people may share one address).
    await clearAttempts(app.db, AUTH_RATE_LIMITS.signInPerAccountAndIp, accountAndIp(email, meta.ip));
    await returnAttempt(app.db, AUTH_RATE_LIMITS.signInPerIp, meta.ip);
  } else if (result.status === 401) {
    await takeAttempt(app.db, AUTH_RATE_LIMITS.signInFailuresPerAccount, email);
  } else if (result.status === 403) {
    result = await refuseUnconfirmed(app, email, mailConfirmationLink);
  }
  return result;
}

/**
 * The password was right but verification is required and the address is not confirmed yet. A
 * new link goes with the refusal while the account's link limit allows; past it the refusal says
 * to use the links already sent. Either way it comes only after the right password.
 */
async function refuseUnconfirmed(app: App, email: string, mailLink: boolean): Promise<AuthResult> {
  const refusal = (message: string): AuthResult => ({ ok: false, status: 403, message });
  if (!mailLink) return refusal(authMessages.emailNotVerifiedNoNewLink);
  const [account] = await app.db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!account) return refusal(authMessages.emailNotVerifiedNoNewLink);
  const limit = await takeAttempt(app.db, CONFIRMATION_RESEND_LIMIT, account.id);
  if (!limit.allowed) return refusal(authMessages.emailNotVerifiedNoNewLink);
  await sendEmailConfirmation(app.auth, account.email);
  return refusal(authMessages.emailNotVerified);
}

async function asksForSecondFactor(response: Response): Promise<boolean> {
  try {
    return ((await response.clone().json()) as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;
  } catch {
    return false;
  }
}

export type SecondFactor = { code: string; kind: "totp" | "backup" };

/**
 * The code step of a sign-in (decision 037): a TOTP code from the authenticator app, or one of
 * the backup codes. The challenge cookie from `signIn` names the account; the library allows 5
 * wrong codes per challenge and locks the second factor for 15 minutes after 10 in a row.
 */
export async function verifyTwoFactorSignIn(app: App, input: SecondFactor, meta: RequestMeta): Promise<AuthResult> {
  const code = input.code.replace(/\s+/g, "");
  if (code === "") return { ok: false, status: 400, message: twoFactorSignIn.codeRequired, field: "token" };
  if (code.length > 64 || code.includes("\u0000")) return { ok: false, status: 400, message: twoFactorSignIn.wrongCode, field: "token" };
  let response: Response;
  try {
    response =
      input.kind === "backup"
        ? await app.auth.api.verifyBackupCode({ body: { code }, headers: libraryHeaders(meta), asResponse: true })
        : await app.auth.api.verifyTOTP({ body: { code }, headers: libraryHeaders(meta), asResponse: true });
  } catch (error) {
    // The library wraps the database's absence in a 500 of its own: that is no refusal of the code.
    if (!(error instanceof APIError) || isDatabaseUnavailable(error)) throw error;
    return secondFactorRefusal(error.statusCode, (error.body as { code?: string } | undefined)?.code);
  }
  if (!response.ok) return secondFactorRefusal(response.status, await libraryCode(response));
  return { ok: true, userId: await userIdOf(response), setCookies: response.headers.getSetCookie() };
}

function secondFactorRefusal(status: number, code: string | undefined): AuthResult {
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return { ok: false, status: 401, message: twoFactorSignIn.wrongCode, field: "token" };
  if (code === "ACCOUNT_TEMPORARILY_LOCKED" || status === 429) return tooMany(15 * 60, twoFactorSignIn.locked);
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "TOTP_NOT_ENABLED" || status === 401 || status === 400) {
    return { ok: false, status: 401, message: twoFactorSignIn.expired };
  }
  return { ok: false, status: 500, message: authMessages.unexpected };
}

/** Ends the session on the server; the returned cookies clear it in the browser. */
/**
 * Ends this session and answers the cookies that clear it in the browser. `everywhere` also ends
 * every other session of the account (the spec's sign-out call was `scope=global`; the header's
 * Sign Out ends this device's only, and the account page offers "Sign out everywhere").
 */
export async function signOut(app: App, headers: Headers, options: { everywhere?: boolean } = {}): Promise<string[]> {
  const userId = options.everywhere ? (await app.auth.api.getSession({ headers }).catch(() => null))?.user.id : undefined;
  let cookies: string[] = [];
  try {
    const response = await app.auth.api.signOut({ headers, asResponse: true });
    cookies = response.headers.getSetCookie();
  } catch (error) {
    // Signing out without a session (already expired or revoked) is fine.
    if (!(error instanceof APIError)) throw error;
  }
  if (userId) await (await app.auth.$context).internalAdapter.deleteUserSessions(userId);
  return cookies;
}

/**
 * Two sign-ups with one address at the same moment both pass the library's "does it exist"
 * check; the second insert hits the unique e-mail key, which the library reports as "failed to
 * create user" (422). When the account exists now, that sign-up simply came second: it gets the
 * answer of a sign-up after the first one finished (issue 10, item 11), not a 500.
 */
async function lostSignUpRace(app: App, errorOrCode: unknown, email: string): Promise<boolean> {
  const code =
    typeof errorOrCode === "string" ? errorOrCode : errorOrCode instanceof APIError ? (errorOrCode.body as { code?: string } | undefined)?.code : undefined;
  if (code !== "FAILED_TO_CREATE_USER") return false;
  const [existing] = await app.db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return existing !== undefined;
}

async function libraryCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/**
 * What a sign-up with an address that already has an account answers. With e-mail verification
 * required the library answers it like a new sign-up (nobody learns who has an account), so the
 * race answers the same; otherwise the spec's 409.
 */
async function existingAccountAnswer(app: App): Promise<AuthResult> {
  const options = (await app.auth.$context).options;
  if (options.emailAndPassword?.requireEmailVerification) return { ok: true, userId: null, setCookies: [] };
  return { ok: false, status: 409, message: authMessages.accountExists, field: "email" };
}

// ---------------------------------------------------------------------------------------------
// Password reset (issue 10, item 24)
// ---------------------------------------------------------------------------------------------

export type ResetRequestResult =
  /** `delivered` settles once the e-mail (if any) is in the outbox; it never rejects. */
  | { ok: true; message: string; delivered: Promise<void> }
  | { ok: false; status: 400 | 429; message: string; field?: AuthField; retryAfterSeconds?: number };

/**
 * Sends a reset link to the address if it has an account. The answer is the same either way, and
 * takes the same time: the lookup and the e-mail happen after the answer is decided (measured
 * before: 13 ms for an address with an account, 7 ms without, enough to tell them apart), so the
 * form cannot be used to find out who shops here. Past the per-address limit nothing more is
 * sent, with the same answer: nobody can flood someone's inbox. `returnTo` is where the sign-in
 * after the reset leads (the admin login for an owner who came from it); the link carries it when
 * it is a path of this shop other than "/".
 */
export async function requestPasswordReset(app: App, input: unknown, meta: RequestMeta, returnTo = "/"): Promise<ResetRequestResult> {
  const nul = refuseNul(input);
  if (nul && !nul.ok) return { ok: false, status: 400, message: nul.message, field: "email" };
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: firstIssueMessage(parsed.error), field: "email" };
  const { email } = parsed.data;

  const perIp = await takeAttempt(app.db, AUTH_RATE_LIMITS.resetRequestPerIp, meta.ip);
  if (!perIp.allowed) return tooMany(perIp.retryAfterSeconds) as ResetRequestResult;
  const perEmail = await takeAttempt(app.db, AUTH_RATE_LIMITS.resetRequestPerEmail, email);
  const delivered = perEmail.allowed
    ? app.auth.api.requestPasswordReset({ body: { email, ...resetReturnTo(returnTo) }, headers: libraryHeaders(meta) }).then(
        () => undefined,
        (error: unknown) => logRequestError("password reset e-mail", error),
      )
    : Promise.resolve();
  return { ok: true, message: passwordReset.linkSent, delivered };
}

const RESET_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** True while the reset link's token is unused and unexpired (the page asks for nothing otherwise). */
export async function isResetTokenValid(app: App, token: string | null): Promise<boolean> {
  return (await resetTokenUser(app, token)) !== null;
}

async function resetTokenUser(app: App, token: string | null): Promise<string | null> {
  if (token === null || !RESET_TOKEN.test(token)) return null;
  const context = await app.auth.$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!found || found.expiresAt.getTime() < Date.now()) return null;
  return found.value;
}

export type ResetPasswordResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 429; message: string; field?: AuthField; retryAfterSeconds?: number; linkInvalid?: boolean };

/**
 * Sets the new password (the same rule as sign-up), uses up the link and ends every session of
 * the account. The sign-in failures counted against the account are forgotten: its owner has just
 * proved who they are.
 */
export async function resetPassword(app: App & { config: { publicUrl: string } }, input: unknown, meta: RequestMeta): Promise<ResetPasswordResult> {
  const nul = refuseNul(input);
  if (nul && !nul.ok) return { ok: false, status: 400, message: nul.message, field: nul.field };
  const parsed = resetRule.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, status: 400, message: firstIssueMessage(parsed.error), field: issue?.path[0] as AuthField | undefined, linkInvalid: issue?.path[0] === "token" };
  }
  const { token, password } = parsed.data;

  const limit = await takeAttempt(app.db, AUTH_RATE_LIMITS.resetPasswordPerIp, meta.ip);
  if (!limit.allowed) return tooMany(limit.retryAfterSeconds) as ResetPasswordResult;

  const linkInvalid: ResetPasswordResult = { ok: false, status: 400, message: validation.resetLinkInvalid, linkInvalid: true };
  const userId = await resetTokenUser(app, token);
  if (userId === null) return linkInvalid;
  try {
    await app.auth.api.resetPassword({ body: { token, newPassword: password }, headers: libraryHeaders(meta) });
  } catch (error) {
    // Used up by a second tab a moment ago, or expired in between.
    if (error instanceof APIError && error.statusCode === 400) return linkInvalid;
    throw error;
  }
  // Any other link mailed to the account stops working too: an older e-mail left in a shared
  // mailbox must not undo the reset.
  await app.db.delete(verification).where(and(eq(verification.value, userId), like(verification.identifier, `${RESET_IDENTIFIER_PREFIX}%`)));
  const [owner] = await app.db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (owner) {
    await clearAttempts(app.db, AUTH_RATE_LIMITS.signInFailuresPerAccount, owner.email);
    // As after a change on the account page: the owner hears of it, and one who did not ask can act.
    const { shopName } = await readStoredShopSettings(app.db);
    await queueMail(app.db, {
      to: owner.email,
      subject: passwordChange.mailSubject,
      text: passwordReset.changedMailText(shopName, new URL("/auth/forgot-password", app.config.publicUrl).href),
    });
  }
  return { ok: true, message: passwordReset.done };
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
  // The database away is thrown on (the page answers 503 and keeps the form), not "unexpected".
  if (error instanceof APIError && !isDatabaseUnavailable(error)) {
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
  if (code === "INVALID_CHARACTERS") return { ok: false, status: 400, message: authMessages.invalidCharacters };
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
