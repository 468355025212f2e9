// Enrolling an admin in two-factor sign-in (decision 037), with better-auth's two-factor plugin
// called from the shop's own settings page (its HTTP endpoints are closed, auth.server.ts):
// 1. the admin's password starts it: the plugin stores a new secret and backup codes, encrypted,
//    not yet in force, and we show the otpauth link, the key as text and the backup codes;
// 2. a code from the app confirms it: only then does sign-in ask for codes.
// Each step is written to the audit trail once it has happened.
import { APIError } from "better-auth/api";
import { adminSettings as texts } from "../../../domain/messages/admin-settings.ts";
import type { AppContext } from "../../app-context.server.ts";
import type { Database } from "../../db/client.server.ts";
import { adminTwoFactorRequired, readStoredShopSettings } from "../../settings/shop-settings.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { hasTwoFactor } from "./settings.server.ts";

type App = Pick<AppContext, "auth" | "db">;

export type Enrolment = { ok: true; totpUri: string; secret: string; backupCodes: string[] };
/** `field` names the form field the refusal is about, so the page can mark it. */
export type TwoFactorRefusal = { ok: false; status: 400 | 401 | 409; message: string; field?: "password" | "code" };

async function libraryCode(error: unknown): Promise<{ status: number; code: string | undefined } | null> {
  if (error instanceof APIError) return { status: error.statusCode, code: (error.body as { code?: string } | undefined)?.code };
  if (error instanceof Response) {
    try {
      return { status: error.status, code: ((await error.clone().json()) as { code?: string }).code };
    } catch {
      return { status: error.status, code: undefined };
    }
  }
  return null;
}

function passwordOf(input: unknown): string {
  return typeof input === "string" && !input.includes("\u0000") ? input : "";
}

export async function startEnrolment(app: App, admin: AdminViewer, headers: Headers, passwordInput: unknown): Promise<Enrolment | TwoFactorRefusal> {
  const password = passwordOf(passwordInput);
  if (password === "") return { ok: false, status: 400, message: texts.wrongPassword, field: "password" };
  if (await hasTwoFactor(app.db, admin.userId)) return { ok: false, status: 409, message: texts.alreadyOn };
  const { shopName } = await readStoredShopSettings(app.db);
  try {
    const started = await app.auth.api.enableTwoFactor({ body: { password, issuer: shopName }, headers });
    if (!("totpURI" in started) || !started.totpURI) return { ok: false, status: 400, message: texts.setupExpired };
    const secret = new URL(started.totpURI).searchParams.get("secret") ?? "";
    return { ok: true, totpUri: started.totpURI, secret, backupCodes: started.backupCodes ?? [] };
  } catch (error) {
    const known = await libraryCode(error);
    if (!known) throw error;
    if (known.code === "INVALID_PASSWORD" || known.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { ok: false, status: 401, message: texts.wrongPassword, field: "password" };
    if (known.code === "TOTP_ALREADY_ENABLED") return { ok: false, status: 409, message: texts.alreadyOn };
    return { ok: false, status: 400, message: texts.setupExpired };
  }
}

function wrongCodeOr(code: string | undefined): TwoFactorRefusal {
  return code === "INVALID_CODE" ? { ok: false, status: 401, message: texts.wrongCode, field: "code" } : { ok: false, status: 400, message: texts.setupExpired };
}

/** Confirms the enrolment with a code; the library replaces the session, so its cookies must reach the browser. */
export async function confirmEnrolment(
  app: App,
  admin: AdminViewer,
  headers: Headers,
  codeInput: unknown,
): Promise<{ ok: true; setCookies: string[] } | TwoFactorRefusal> {
  const code = typeof codeInput === "string" ? codeInput.replace(/\s+/g, "") : "";
  if (!/^\d{6}$/.test(code)) return { ok: false, status: 400, message: texts.wrongCode, field: "code" };
  let response: Response;
  try {
    response = await app.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true });
  } catch (error) {
    const known = await libraryCode(error);
    if (!known) throw error;
    return wrongCodeOr(known.code);
  }
  if (!response.ok) {
    const known = await libraryCode(response);
    return wrongCodeOr(known?.code);
  }
  if (!(await hasTwoFactor(app.db, admin.userId))) return { ok: false, status: 400, message: texts.setupExpired };
  await recordTwoFactorChange(app.db, admin, "admin.two_factor_enabled");
  return { ok: true, setCookies: response.headers.getSetCookie() };
}

export async function turnOffTwoFactor(
  app: App,
  admin: AdminViewer,
  headers: Headers,
  passwordInput: unknown,
): Promise<{ ok: true; setCookies: string[] } | TwoFactorRefusal> {
  if (await adminTwoFactorRequired(app.db)) return { ok: false, status: 409, message: texts.cannotTurnOffWhileRequired };
  const password = passwordOf(passwordInput);
  if (password === "") return { ok: false, status: 400, message: texts.wrongPassword, field: "password" };
  let response: Response;
  try {
    response = await app.auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true });
  } catch (error) {
    const known = await libraryCode(error);
    if (!known) throw error;
    return { ok: false, status: 401, message: texts.wrongPassword, field: "password" };
  }
  if (!response.ok) return { ok: false, status: 401, message: texts.wrongPassword, field: "password" };
  await recordTwoFactorChange(app.db, admin, "admin.two_factor_disabled");
  return { ok: true, setCookies: response.headers.getSetCookie() };
}

async function recordTwoFactorChange(db: Database, admin: AdminViewer, action: string): Promise<void> {
  await recordAdminAction(db, {
    adminId: admin.userId,
    adminEmail: admin.email,
    action,
    subjectType: "admin_user",
    subjectId: admin.userId,
    before: { twoFactorEnabled: action !== "admin.two_factor_enabled" },
    after: { twoFactorEnabled: action === "admin.two_factor_enabled" },
  });
}
