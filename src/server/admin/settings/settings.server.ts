// The admin Settings screen's services (issue 14): price settings and shop details (read,
// validated, saved with an audit row in the same transaction) and the list of admins (add an
// existing account, remove one but never oneself and never the last).
import type { InputSource } from "../../../domain/input-source.ts";
import { asc, eq } from "drizzle-orm";
import { repricesShop, type PriceChangePreview } from "../../../domain/admin/price-change.ts";
import { changedSettings, parseSettingsChange, PRICE_FIELDS, type EditableSettings, type SettingsField } from "../../../domain/admin/settings.ts";
import { adminSettings as texts } from "../../../domain/messages/admin-settings.ts";
import { SOCIAL_NETWORKS } from "../../../domain/shop-details.ts";
import { emailForDisplay } from "../../../domain/email-display.ts";
import { emailKey } from "../../../domain/email-addresses.ts";
import type { Database, DbOrTx } from "../../db/client.server.ts";
import { adminUsers, priceSettings, profiles, shopSettings, user } from "../../db/schema.ts";
import { getPriceSettings } from "../../settings/price-settings.server.ts";
import { readStoredShopSettings } from "../../settings/shop-settings.server.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { previewOfPriceChange } from "./price-change-preview.server.ts";

export async function readEditableSettings(db: DbOrTx): Promise<EditableSettings> {
  const [prices, shop] = await Promise.all([getPriceSettings(db), readStoredShopSettings(db)]);
  return {
    markupPercent: prices.markupPercent,
    displayCurrency: prices.currency,
    exchangeRate: prices.exchangeRate,
    shopName: shop.shopName,
    contactEmail: shop.contactEmail,
    senderAddress: shop.senderAddress,
    contactPhone: shop.contactPhone,
    instagramUrl: shop.socialLinks.instagram ?? null,
    facebookUrl: shop.socialLinks.facebook ?? null,
    xUrl: shop.socialLinks.x ?? null,
    tiktokUrl: shop.socialLinks.tiktok ?? null,
    requireAdminTwoFactor: shop.requireAdminTwoFactor,
  };
}

export type SettingsUpdate =
  | { ok: true; settings: EditableSettings; changed: SettingsField[]; pricesChanged: boolean }
  | { ok: false; status: 400 | 409; message: string; errors: Partial<Record<SettingsField, string>>; pricePreview?: PriceChangePreview };

/** Has this account confirmed a TOTP enrolment? */
export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.on === true;
}

/**
 * Saves the fields present in `input` (absent ones keep their value). One transaction: the rows,
 * and one audit row per group that changed (prices, shop details, the two-factor requirement).
 * A new markup or rate reprices every product at once: unless `pricesConfirmed`, nothing is saved
 * and the answer is the preview of its effect, for the owner to confirm.
 */
export async function updateSettings(db: Database, admin: AdminViewer, input: unknown, from: InputSource = "form", { pricesConfirmed = false } = {}): Promise<SettingsUpdate> {
  const parsed = parseSettingsChange(input, from);
  if (!parsed.ok) return { ok: false, status: 400, message: parsed.message, errors: parsed.errors };
  const { change } = parsed;
  return db.transaction(async (tx) => {
    // Serialises two admins saving at once, so each audit row's "before" is what it replaced.
    await tx.select({ id: priceSettings.id }).from(priceSettings).where(eq(priceSettings.id, 1)).for("update");
    const before = await readEditableSettings(tx);
    const diff = changedSettings(before, change);
    const changed = Object.keys(diff) as SettingsField[];
    if (diff.requireAdminTwoFactor && change.requireAdminTwoFactor === true && !(await hasTwoFactor(tx, admin.userId))) {
      return { ok: false as const, status: 409 as const, message: texts.requireNeedsYours, errors: { requireAdminTwoFactor: texts.requireNeedsYours } };
    }
    const after: EditableSettings = { ...before, ...change };
    if (!pricesConfirmed && repricesShop(before, after)) {
      return { ok: false as const, status: 409 as const, message: texts.pricesConfirmNeeded, errors: {}, pricePreview: await previewOfPriceChange(tx, before, after) };
    }
    if (changed.some((field) => PRICE_FIELDS.includes(field))) {
      const values = { markupPercent: after.markupPercent, displayCurrency: after.displayCurrency, exchangeRate: after.exchangeRate, updatedAt: new Date() };
      await tx.insert(priceSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: priceSettings.id, set: values });
    }
    if (changed.some((field) => !PRICE_FIELDS.includes(field))) {
      const values = {
        shopName: after.shopName,
        contactEmail: after.contactEmail,
        senderAddress: after.senderAddress,
        contactPhone: after.contactPhone,
        socialLinks: Object.fromEntries(
          SOCIAL_NETWORKS.flatMap(({ key, field }) => {
            const href = after[field];
            return href ? [[key, href]] : [];
          }),
        ),
        requireAdminTwoFactor: after.requireAdminTwoFactor,
        updatedAt: new Date(),
      };
      await tx.insert(shopSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: shopSettings.id, set: values });
    }
    const groups: { action: string; fields: readonly SettingsField[] }[] = [
      { action: "settings.prices_changed", fields: PRICE_FIELDS },
      { action: "settings.shop_changed", fields: ["shopName", "contactEmail", "senderAddress", "contactPhone", ...SOCIAL_NETWORKS.map((network) => network.field)] },
      { action: "settings.two_factor_requirement_changed", fields: ["requireAdminTwoFactor"] },
    ];
    for (const group of groups) {
      const fields = group.fields.filter((field) => field in diff);
      if (fields.length === 0) continue;
      await recordAdminAction(tx, {
        adminId: admin.userId,
        adminEmail: admin.email,
        action: group.action,
        subjectType: "settings",
        subjectId: null,
        before: Object.fromEntries(fields.map((field) => [field, before[field]])),
        after: Object.fromEntries(fields.map((field) => [field, after[field]])),
      });
    }
    return { ok: true as const, settings: after, changed, pricesChanged: changed.some((field) => PRICE_FIELDS.includes(field)) };
  });
}

export type AdminAccount = { userId: string; email: string; name: string; since: string; twoFactorEnabled: boolean };

export async function listAdmins(db: DbOrTx): Promise<AdminAccount[]> {
  const rows = await db
    .select({
      userId: adminUsers.id,
      email: user.email,
      name: user.name,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      since: adminUsers.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(adminUsers)
    .innerJoin(user, eq(user.id, adminUsers.id))
    .leftJoin(profiles, eq(profiles.id, adminUsers.id))
    .orderBy(asc(adminUsers.createdAt), asc(user.email));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim() || row.name,
    since: row.since.toISOString(),
    twoFactorEnabled: row.twoFactorEnabled === true,
  }));
}

export type AdminChange = { ok: true; email: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

/**
 * Makes an existing account an admin. Only an account whose owner has confirmed its e-mail
 * address: anyone can sign up with an address that is not theirs (the shop does not require the
 * confirmation to shop), and whoever did so first would otherwise be given the back office when
 * the owner adds that address. An unconfirmed account is refused, and a fresh confirmation link
 * goes to the address (`sendConfirmation`), so its real owner can confirm and be added again.
 */
export async function addAdmin(
  db: Database,
  admin: AdminViewer,
  emailInput: unknown,
  sendConfirmation: (email: string) => Promise<void>,
): Promise<AdminChange> {
  // Accounts keep a domain in another script in its ASCII form; a browser that sends the address
  // as typed ("kofi@bücher.de", Firefox) would otherwise find no account.
  const email = typeof emailInput === "string" ? emailKey(emailInput) : "";
  if (email.includes("\u0000") || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return { ok: false, status: 400, message: texts.emailInvalid };
  const [account] = await db.select({ id: user.id, email: user.email, confirmed: user.emailVerified }).from(user).where(eq(user.email, email)).limit(1);
  if (!account) return { ok: false, status: 404, message: texts.noSuchAccount };
  if (!account.confirmed) {
    await sendConfirmation(account.email);
    return { ok: false, status: 409, message: texts.unconfirmedAccount(emailForDisplay(account.email)) };
  }
  return db.transaction(async (tx) => {
    // The unique key decides, not a read before the write: two admins adding one person at once
    // both end with one row, and the second is told it already exists.
    const inserted = await tx.insert(adminUsers).values({ id: account.id }).onConflictDoNothing().returning({ id: adminUsers.id });
    if (inserted.length === 0) return { ok: false as const, status: 409 as const, message: texts.alreadyAdmin(emailForDisplay(account.email)) };
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "admin.added",
      subjectType: "admin_user",
      subjectId: account.id,
      before: null,
      after: { email: account.email },
    });
    return { ok: true as const, email: account.email };
  });
}

export async function removeAdmin(db: Database, admin: AdminViewer, userIdInput: unknown): Promise<AdminChange> {
  const userId = typeof userIdInput === "string" ? userIdInput.trim() : "";
  if (userId === "" || userId.includes("\u0000") || userId.length > 200) return { ok: false, status: 400, message: texts.notAnAdmin };
  if (userId === admin.userId) return { ok: false, status: 409, message: texts.cannotRemoveSelf };
  return db.transaction(async (tx) => {
    // Every admin row locked: two admins removing each other (or the last two) at the same
    // moment are served one after the other, and the second sees what the first did.
    const rows = await tx.select({ id: adminUsers.id }).from(adminUsers).orderBy(asc(adminUsers.id)).for("update");
    const ids = rows.map((row) => row.id);
    if (!ids.includes(admin.userId)) return { ok: false as const, status: 403 as const, message: texts.notAnAdmin };
    if (!ids.includes(userId)) return { ok: false as const, status: 404 as const, message: texts.notAnAdmin };
    if (ids.length <= 1) return { ok: false as const, status: 409 as const, message: texts.cannotRemoveLast };
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
    await tx.delete(adminUsers).where(eq(adminUsers.id, userId));
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "admin.removed",
      subjectType: "admin_user",
      subjectId: userId,
      before: { email: account?.email ?? "" },
      after: null,
    });
    return { ok: true as const, email: account?.email ?? "" };
  });
}
