import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { AppConfig } from "../config/env.server.ts";
import type { Database } from "../db/client.server.ts";
import { account, rateLimit, session, user, verification } from "../db/schema.ts";
import { queueMail } from "../mail/outbox.server.ts";

/** The request header that carries the client address the host worked out. */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export type AuthOptions = {
  db: Database;
  config: Pick<AppConfig, "publicUrl" | "requireEmailVerification" | "env">;
  secret: string;
};

export function createAuth({ db, config, secret }: AuthOptions) {
  return betterAuth({
    appName: "Menswear Shop",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: config.requireEmailVerification,
    },
    // Sign-up, sign-in and sign-out go through the shop's /auth actions, which add the profile,
    // per-e-mail rate limits and the guest-cart merge; the library's own HTTP endpoints for them
    // are closed so those rules cannot be walked around. (auth.api calls are unaffected.)
    disabledPaths: ["/sign-up/email", "/sign-in/email", "/sign-out"],
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user: recipient, url }) {
        await queueMail(db, {
          to: recipient.email,
          subject: "Verify your e-mail address",
          text: `Welcome! Please verify your e-mail address by opening this link:\n\n${url}\n\nIf you did not create an account, you can ignore this message.`,
        });
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
