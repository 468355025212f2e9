// What the Settings page and GET/PUT /api/admin/settings share: the settings as the API shows
// them, and saving a change (the page cache is dropped when prices changed).
import type { InputSource } from "../../../domain/input-source.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { readEditableSettings, updateSettings, type SettingsUpdate } from "./settings.server.ts";
import type { AppContext } from "../../app-context.server.ts";
import { defaultSenderAddress } from "../../settings/shop-settings.server.ts";

export async function settingsView(app: Pick<AppContext, "db" | "config">) {
  const settings = await readEditableSettings(app.db);
  return {
    ...settings,
    // What an empty contact e-mail or sender address falls back to.
    defaults: { contactEmail: app.config.shopEmail, senderAddress: defaultSenderAddress(settings.shopName, app.config) },
  };
}

export async function saveSettings(
  app: Pick<AppContext, "db" | "publicPagesChanged">,
  admin: AdminViewer,
  input: unknown,
  from: InputSource = "form",
  options: { pricesConfirmed?: boolean } = {},
): Promise<SettingsUpdate> {
  const saved = await updateSettings(app.db, admin, input, from, options);
  // Storefront pages kept by the page cache hold the old prices or shop details (the footer's
  // links, /contact): the next shopper gets the new ones.
  if (saved.ok && saved.changed.length > 0) app.publicPagesChanged?.();
  return saved;
}
