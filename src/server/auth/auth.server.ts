import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { auth as authMessages, passwordReset, verifyMail } from "../../domain/messages/account.ts";
import { FIELD_LIMITS } from "../../domain/field-limits.ts";
import { safeRedirectPath } from "../../domain/redirect.ts";
import type { AppConfig } from "../config/env.server.ts";
import type { Database } from "../db/client.server.ts";
import { account, rateLimit, session, twoFactor, user, verification } from "../db/schema.ts";
import { queueMail } from "../mail/outbox.server.ts";
import { readStoredShopSettings } from "../settings/shop-settings.server.ts";
import { logAuthMessage } from "./auth-log.server.ts";

/** The subject of the address-confirmation mail (the admin account created at first start is confirmed already and gets none). */
export const VERIFY_EMAIL_SUBJECT = "Verify your e-mail address";
/** How long a link confirming an account's address works (the library's default, said in the e-mail). */
const VERIFY_EMAIL_SECONDS = 60 * 60;

/**
 * The page a confirmation link opens: the sign-in page, which confirms the address only for the
 * account holder (email-confirmation.server.ts), not the library's endpoint, which confirms for
 * whoever opens the link.
 */
export function confirmationPath(token: string): string {
  return `/auth?confirm=${encodeURIComponent(token)}`;
}

/** The request header that carries the client address the host worked out. */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export type AuthOptions = {
  db: Database;
  config: Pick<AppConfig, "publicUrl" | "requireEmailVerification" | "env">;
  secret: string;
};

/** How long a password reset link works (OWASP: short-lived, single use). */
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;

/**
 * The library's own HTTP endpoints the shop does not offer. Sign-up, sign-in, sign-out, the
 * password reset and the change of password go through the shop's forms, which add the profile,
 * the password rule (common passwords refused), per-e-mail and per-account rate limits and the
 * guest-cart merge; the rest (profile and e-mail changes, account deletion) has no page in the
 * shop. Closed, none of those rules can be walked around, and no library endpoint writes a field
 * the shop never checked. (auth.api calls from the shop's own services are unaffected.)
 */
export const CLOSED_LIBRARY_PATHS = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-out",
  "/request-password-reset",
  "/reset-password",
  "/update-user",
  "/change-email",
  "/change-password",
  "/delete-user",
  // Two-factor sign-in (decision 037): enrolment happens on the admin settings page and the code
  // is asked by the shop's own sign-in forms, which keep the admin check and the audit trail.
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  // The library's confirmation link confirms the address for whoever opens it; the shop's links
  // open /auth?confirm=..., which confirms for the account holder only (confirmationPath).
  "/verify-email",
  // Sessions, linked accounts and tokens: the shop reads the session on the server; over HTTP
  // these would hand the session token to scripts (its cookie is httpOnly), or e-mail a
  // verification link to anyone's address outside the shop's limits (a new link goes out from the
  // account page, or when an unconfirmed account signs in through the shop's form, both limited).
  "/send-verification-email",
  "/get-session",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/update-session",
  "/list-accounts",
  "/account-info",
  "/link-social",
  "/unlink-account",
  "/sign-in/social",
  "/get-access-token",
  "/refresh-token",
  "/delete-user/callback",
  // Answers whether a password is the account's to anyone holding its session, outside the
  // sign-in limits: a stolen session would recover the password itself.
  "/verify-password",
];

/** The library's key of a password reset link's token; stored as this prefix and the token's SHA-256. */
export const RESET_IDENTIFIER_PREFIX = "reset-password:";

function hashedResetIdentifier(identifier: string): string {
  return `${RESET_IDENTIFIER_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`;
}

/**
 * Where the sign-in after a reset leads, handed to the library as its `redirectTo`: it comes back
 * to sendResetPassword inside the URL the library builds (its `callbackURL`), which is how the
 * reset e-mail's link learns it. "/" needs nothing.
 */
export function resetReturnTo(target: string): { redirectTo?: string } {
  const path = safeRedirectPath(target);
  return path === "/" ? {} : { redirectTo: path };
}

/** The reset e-mail's link: the shop's own page, with the token and where its sign-in leads (a path of this shop only). */
export function resetPasswordLink(publicUrl: string, token: string, libraryUrl: string): string {
  const url = new URL("/auth/reset-password", publicUrl);
  url.searchParams.set("token", token);
  const returnTo = safeRedirectPath(new URL(libraryUrl, publicUrl).searchParams.get("callbackURL"));
  if (returnTo !== "/") url.searchParams.set("redirect", returnTo);
  return url.href;
}

/** How long the code step of a sign-in stays open after the password was right. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/** True when any string in a request body or query holds a NUL, which PostgreSQL cannot store. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 8 || value === null || typeof value !== "object") return false;
  return Object.values(value as Record<string, unknown>).some((item) => holdsNul(item, depth + 1));
}

export function createAuth({ db, config, secret }: AuthOptions) {
  return betterAuth({
    appName: "Menswear Shop",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    // Its lines as the shop's own: no shopper's name or e-mail from a failed query, no colour codes.
    logger: { log: logAuthMessage },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    plugins: [
      // TOTP (RFC 6238: 6 digits, 30 seconds) with 10 single-use backup codes, stored encrypted.
      // No trusted devices are offered by the shop: every admin sign-in asks for a code.
      twoFactorPlugin({
        issuer: "Menswear Shop",
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: FIELD_LIMITS.passwordMin,
      maxPasswordLength: FIELD_LIMITS.passwordMax,
      requireEmailVerification: config.requireEmailVerification,
      // Password reset (issue 10, item 24): a single-use link that expires, and every session of
      // the account ends with the reset, so whoever knew the old password is signed out too.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: recipient, token, url: libraryUrl }) {
        // The link opens the shop's own page, which checks the token before asking for a password.
        const link = resetPasswordLink(config.publicUrl, token, libraryUrl);
        const { shopName } = await readStoredShopSettings(db);
        await queueMail(db, {
          to: recipient.email,
          subject: passwordReset.mailSubject,
          text: passwordReset.mailText(link, RESET_PASSWORD_TOKEN_SECONDS / 60, shopName),
        });
      },
    },
    disabledPaths: CLOSED_LIBRARY_PATHS,
    verification: {
      // Reset tokens are stored hashed: someone who can read the database cannot use them. The
      // prefix stays readable, so a reset can end the account's other links (resetPassword).
      storeIdentifier: { default: "plain", overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: async (identifier: string) => hashedResetIdentifier(identifier) } } },
    },
    hooks: {
      // A NUL character reached PostgreSQL and came back as a 500 (issue 10, item 8): it is never
      // part of a name, an e-mail, a password or a token, so any request holding one is refused.
      before: createAuthMiddleware(async (ctx) => {
        if (holdsNul(ctx.body) || holdsNul(ctx.query)) {
          throw new APIError("BAD_REQUEST", { message: authMessages.invalidCharacters, code: "INVALID_CHARACTERS" });
        }
      }),
    },
    emailVerification: {
      expiresIn: VERIFY_EMAIL_SECONDS,
      sendOnSignUp: true,
      // The shop's signIn mails the link itself, within the limit of the account page's "Send the
      // link again": the library would mail one on every refused sign-in.
      sendOnSignIn: false,
      // Off: the link signs nobody in. Whoever holds a link is not necessarily its account's
      // owner (an unused link forwarded to someone else would sign them into the sender's account,
      // replacing their own session, and their next order, address and phone would land in the
      // sender's order history), and for an account with two-factor sign-in a link in a mailbox
      // is only one factor. The shop's own page confirms without it (email-confirmation.server.ts).
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user: recipient, token }) {
        const url = new URL(confirmationPath(token), config.publicUrl).href;
        const { shopName } = await readStoredShopSettings(db);
        await queueMail(db, { to: recipient.email, subject: VERIFY_EMAIL_SUBJECT, text: verifyMail.text(shopName, url, VERIFY_EMAIL_SECONDS / 60) });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7, // idle sessions expire after 7 days
      updateAge: 60 * 60 * 24, // a session in use is renewed once a day
    },
    rateLimit: {
      // On in every environment (the library turns it off in development by default) and kept in
      // the database so the limits hold across several app processes.
      enabled: config.env !== "test",
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 5 },
      },
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      // The host resolves the client's address (Express, behind trusted proxies only) and puts it
      // in this header, replacing anything the client sent (see routes/api.auth.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
