// The shop's details an admin edits on /admin/settings (issue 14): its name, where contact-form
// messages go, the sender block of shipping labels, and whether admins must use two-factor
// sign-in. A value the admin left empty falls back to the environment (SHOP_EMAIL,
// SHOP_SENDER_ADDRESS), so a shop that never opened the page behaves as before.
import { eq } from "drizzle-orm";
import { DEFAULT_SHOP_NAME, socialLinksToShow, type PublicShopDetails, type SocialLinks } from "../../domain/shop-details.ts";
import { DEFAULT_SENDER_ADDRESS, type AppConfig } from "../config/env.server.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { sharedRead } from "../db/request-reads.server.ts";
import { shopSettings } from "../db/schema.ts";

export type StoredShopSettings = {
  shopName: string;
  contactEmail: string | null;
  senderAddress: string[] | null;
  contactPhone: string | null;
  socialLinks: SocialLinks;
  requireAdminTwoFactor: boolean;
};

/** What the rest of the shop uses: every value resolved. */
export type ShopSettings = {
  shopName: string;
  contactEmail: string;
  senderAddress: string[];
  /** False while the sender block is the built-in "shop name, United Kingdom" (no street to return a parcel to). */
  senderAddressSet: boolean;
  requireAdminTwoFactor: boolean;
};

/** The stored row with its defaults; one query per read-only request however many loaders ask (withSharedReads). */
export async function readStoredShopSettings(db: DbOrTx): Promise<StoredShopSettings> {
  // Each caller gets its own copy, so one cannot change what another sees.
  return structuredClone(await sharedRead(db, "shop-settings", () => readShopSettingsRow(db)));
}

async function readShopSettingsRow(db: DbOrTx): Promise<StoredShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  return {
    shopName: row?.shopName ?? DEFAULT_SHOP_NAME,
    contactEmail: row?.contactEmail ?? null,
    senderAddress: row?.senderAddress && row.senderAddress.length > 0 ? row.senderAddress : null,
    contactPhone: row?.contactPhone ?? null,
    socialLinks: row?.socialLinks ?? {},
    requireAdminTwoFactor: row?.requireAdminTwoFactor ?? false,
  };
}

/**
 * The shop's name as last read from each database, for a page drawn while the database is away
 * (a form's answer, src/host/outages.ts): the shop keeps its name in the header for that moment.
 */
const nameLastRead = new WeakMap<DbOrTx, string>();

export function shopNameLastRead(db: DbOrTx): string | null {
  return nameLastRead.get(db) ?? null;
}

/**
 * What the storefront shows of the shop (the footer's social links, /contact's e-mail, phone and
 * address): only what is set. The e-mail is the one on /admin/settings, else SHOP_EMAIL: never
 * the admin's sign-in address, which only receives the contact form's messages. The address is
 * the one on /admin/settings, else SHOP_SENDER_ADDRESS when the server has one of its own; the
 * built-in "Menswear Shop, United Kingdom" is no address.
 */
export async function getPublicShopDetails(db: DbOrTx, config: Pick<AppConfig, "publicShopEmail" | "senderAddress">): Promise<PublicShopDetails> {
  const stored = await readStoredShopSettings(db);
  nameLastRead.set(db, stored.shopName);
  const configured = config.senderAddress.join("|") === DEFAULT_SENDER_ADDRESS ? null : config.senderAddress;
  return {
    shopName: stored.shopName,
    email: stored.contactEmail ?? config.publicShopEmail,
    phone: stored.contactPhone,
    address: stored.senderAddress ?? configured,
    social: socialLinksToShow(stored.socialLinks),
  };
}

/** The server's sender block; the built-in one ("Menswear Shop|United Kingdom") carries the shop's name. */
export function defaultSenderAddress(shopName: string, config: Pick<AppConfig, "senderAddress">): string[] {
  const builtIn = config.senderAddress.join("|") === DEFAULT_SENDER_ADDRESS;
  return builtIn ? [shopName, ...config.senderAddress.slice(1)] : config.senderAddress;
}

export function resolveShopSettings(stored: StoredShopSettings, config: Pick<AppConfig, "shopEmail" | "senderAddress">): ShopSettings {
  return {
    shopName: stored.shopName,
    contactEmail: stored.contactEmail ?? config.shopEmail,
    senderAddress: stored.senderAddress ?? defaultSenderAddress(stored.shopName, config),
    senderAddressSet: stored.senderAddress !== null || config.senderAddress.join("|") !== DEFAULT_SENDER_ADDRESS,
    requireAdminTwoFactor: stored.requireAdminTwoFactor,
  };
}

export async function getShopSettings(db: DbOrTx, config: Pick<AppConfig, "shopEmail" | "senderAddress">): Promise<ShopSettings> {
  return resolveShopSettings(await readStoredShopSettings(db), config);
}

/** Whether every admin must sign in with a second factor (the gate in admin-guard.server.ts). */
export async function adminTwoFactorRequired(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ required: shopSettings.requireAdminTwoFactor }).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  return row?.required ?? false;
}

/** Where contact-form messages go: the address set on /admin/settings, else SHOP_EMAIL. */
export async function getContactEmail(db: DbOrTx, config: Pick<AppConfig, "shopEmail">): Promise<string> {
  const [row] = await db.select({ email: shopSettings.contactEmail }).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  return row?.email ?? config.shopEmail;
}
