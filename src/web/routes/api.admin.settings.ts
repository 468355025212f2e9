import { requireAdminApi } from "../../server/admin/admin-guard.server.ts";
import { jsonFields, methodNotAllowed, readJsonMutation } from "../lib/api.ts";
import { saveSettings, settingsView } from "../../server/admin/settings/editable-settings.server.ts";
import type { Route } from "./+types/api.admin.settings";
import { appContext } from "../app-context.ts";

// GET /api/admin/settings and PUT /api/admin/settings {markupPercent?, displayCurrency?,
// exchangeRate?, shopName?, contactEmail?, senderAddress?, requireAdminTwoFactor?, confirm?}
// (docs/api.md). A new markup or rate is saved only with "confirm": true; without it, 409 and
// the preview of what it does to prices, as the Settings page asks its owner first.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminApi(context.get(appContext), request);
  return Response.json(await settingsView(context.get(appContext)), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminApi(context.get(appContext), request);
  if (request.method !== "PUT") return methodNotAllowed("GET", "PUT");
  const body = await readJsonMutation(request, context.get(appContext).config.publicUrl);
  if (!body.ok) return body.response;
  const pricesConfirmed = jsonFields(body.body).confirm === true;
  const saved = await saveSettings(context.get(appContext), admin, body.body, "json", { pricesConfirmed });
  if (!saved.ok) return Response.json({ error: saved.message, fields: saved.errors, ...(saved.pricePreview ? { preview: saved.pricePreview } : {}) }, { status: saved.status });
  return Response.json({ ...(await settingsView(context.get(appContext))), changed: saved.changed });
}
