// The facts the dashboard's "Before you take real orders" list is made from: the server's
// environment (payments, mail, public address) and the shop's own settings.
import type { LaunchFacts } from "../../../domain/admin/launch-checklist.ts";
import type { AppConfig } from "../../config/env.server.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import { readStoredShopSettings, resolveShopSettings } from "../../settings/shop-settings.server.ts";

type Config = Pick<AppConfig, "stripe" | "smtpUrl" | "publicUrl" | "shopEmail" | "publicShopEmail" | "senderAddress">;

export async function readLaunchFacts(db: DbOrTx, config: Config): Promise<LaunchFacts> {
  const stored = await readStoredShopSettings(db);
  return {
    payments: !config.stripe ? "test" : config.stripe.webhookSecret ? "stripe" : "stripe-without-webhook",
    mailSent: Boolean(config.smtpUrl),
    publicUrl: config.publicUrl,
    shopAddressSet: resolveShopSettings(stored, config).senderAddressSet,
    // What the storefront shows (getPublicShopDetails): never the admin's own sign-in address.
    shopEmailSet: (stored.contactEmail ?? config.publicShopEmail) !== null,
  };
}
