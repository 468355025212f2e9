// The facts the dashboard's "Before you take real orders" list is made from: the server's
// environment (payments, mail, public address) and the shop's details as the storefront shows them.
import type { LaunchFacts } from "../../../domain/admin/launch-checklist.ts";
import type { AppConfig } from "../../config/env.server.ts";
import type { DbOrTx } from "../../db/client.server.ts";
import { getPublicShopDetails } from "../../settings/shop-settings.server.ts";

type Config = Pick<AppConfig, "stripe" | "smtpUrl" | "publicUrl" | "publicShopEmail" | "senderAddress">;

export async function readLaunchFacts(db: DbOrTx, config: Config): Promise<LaunchFacts> {
  // What /contact, /terms and /privacy show: never the admin's own sign-in address as the shop's e-mail.
  const shown = await getPublicShopDetails(db, config);
  return {
    payments: !config.stripe ? "test" : config.stripe.webhookSecret ? "stripe" : "stripe-without-webhook",
    mailSent: Boolean(config.smtpUrl),
    publicUrl: config.publicUrl,
    shopAddressSet: shown.address !== null,
    shopEmailSet: shown.email !== null,
  };
}
