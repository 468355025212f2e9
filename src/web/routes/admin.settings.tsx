// /admin/settings (ours: the spec's sidebar names Settings without a page; issue 14): prices,
// shop details, admins, the admin's own password and two-factor sign-in. Each card posts its own form to this action;
// every change is validated on the server and written to the audit trail with it.
import { useEffect } from "react";
import { data, redirect, useLocation } from "react-router";
import { PRICE_FIELDS, SETTINGS_FIELDS } from "../../domain/admin/settings.ts";
import { adminSettings as texts } from "../../domain/messages/admin-settings.ts";
import { emailForDisplay } from "../../domain/email-display.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { addAdmin, listAdmins, removeAdmin } from "../../server/admin/settings/settings.server.ts";
import { sendEmailConfirmation } from "../../server/auth/accounts.server.ts";
import { changePasswordFromForm } from "../../server/auth/change-password.server.ts";
import { confirmEnrolment, startEnrolment, turnOffTwoFactor } from "../../server/admin/settings/two-factor.server.ts";
import { AdminsCard, PasswordCard, PricesCard, ShopCard, TwoFactorCard, type SettingsAnswer } from "../components/admin/settings/settings-cards.tsx";
import { PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { isDocumentPost } from "../lib/document-post.ts";
import { passwordChangedHref } from "../lib/password-changed.ts";
import { saveSettings, settingsView } from "../../server/admin/settings/editable-settings.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.settings";
import { appContext, requestContext } from "../app-context.ts";
import { formText } from "../../domain/form-text.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(texts.title, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  // The one page an admin who must still enrol in two-factor sign-in may open.
  const viewer = await requireAdminPage(app, request, context.get(requestContext).setCookie, { allowWithoutTwoFactor: true });
  // Until then only the enrolment: the other admins and the shop's settings are what the rule
  // keeps from someone holding just a password (the API refuses them too).
  if (viewer.mustEnrol) return { mustEnrol: true as const, me: { userId: viewer.userId, twoFactorEnabled: false } };
  const [settings, admins] = await Promise.all([settingsView(app), listAdmins(app.db)]);
  const me = admins.find((admin) => admin.userId === viewer.userId);
  return { mustEnrol: false as const, settings, admins, me: { userId: viewer.userId, twoFactorEnabled: me?.twoFactorEnabled ?? false } };
}

const TWO_FACTOR_INTENTS = new Set(["start-two-factor", "confirm-two-factor", "disable-two-factor"]);

const fieldError = (refusal: { message: string; field?: string | null }) => (refusal.field ? { [refusal.field]: refusal.message } : undefined);

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { admin, ended } = await requireAdminAction(app, request, context.get(requestContext).setCookie, { allowWithoutTwoFactor: true });
  if (ended) return ended;
  const { form, refusal } = await readAdminForm(request);
  const text = formText(form);
  const intent = text("intent");
  const answer = (body: Omit<SettingsAnswer, "intent">, status = 200, headers?: Headers) => data<SettingsAnswer>({ intent, ...body }, { status, headers });
  if (refusal) return answer({ ok: false, message: refusal.message, errors: fieldError(refusal) }, 400);
  if (!form) return answer({ ok: false, message: texts.fixFields }, 400);
  // Until their own second factor is on, such an admin may only set it up.
  if (admin.mustEnrol && !TWO_FACTOR_INTENTS.has(intent)) return answer({ ok: false, message: texts.mustEnrolTitle }, 403);

  switch (intent) {
    case "save-settings": {
      const input = Object.fromEntries(SETTINGS_FIELDS.filter((field) => form.has(field)).map((field) => [field, text(field)]));
      const saved = await saveSettings(app, admin, input, "form", { pricesConfirmed: text("confirm") === "true" });
      // A new markup or rate: the card asks first, saying what it does to prices; its confirm
      // button posts these same price fields again with confirm=true (with or without JavaScript).
      if (!saved.ok && saved.pricePreview) {
        const proposed = Object.fromEntries(PRICE_FIELDS.filter((field) => field in input).map((field) => [field, input[field]!]));
        return answer({ ok: false, pricePreview: saved.pricePreview, proposed }, saved.status);
      }
      if (!saved.ok) return answer({ ok: false, message: saved.message, errors: saved.errors }, saved.status);
      return answer({ ok: true, message: texts.saved, ...(saved.pricesChanged ? { pricesSaved: true } : {}) });
    }
    case "add-admin": {
      const added = await addAdmin(app.db, admin, text("email"), (email) => sendEmailConfirmation(app.auth, email));
      // Every refusal of an addition is about the e-mail typed.
      return added.ok ? answer({ ok: true, message: texts.adminAdded(emailForDisplay(added.email)) }) : answer({ ok: false, message: added.message, errors: { email: added.message } }, added.status);
    }
    case "remove-admin": {
      const removed = await removeAdmin(app.db, admin, text("userId"));
      return removed.ok ? answer({ ok: true, message: texts.adminRemoved(emailForDisplay(removed.email)) }) : answer({ ok: false, message: removed.message }, removed.status);
    }
    case "start-two-factor": {
      const started = await startEnrolment(app, admin, request.headers, text("password"));
      if (!started.ok) return answer({ ok: false, message: started.message, errors: fieldError(started) }, started.status);
      return answer({ ok: true, enrolment: { totpUri: started.totpUri, secret: started.secret, backupCodes: started.backupCodes } });
    }
    case "confirm-two-factor":
    case "disable-two-factor": {
      const done =
        intent === "confirm-two-factor"
          ? await confirmEnrolment(app, admin, request.headers, text("code"))
          : await turnOffTwoFactor(app, admin, request.headers, text("password"));
      if (!done.ok) return answer({ ok: false, message: done.message, errors: fieldError(done) }, done.status);
      // The library replaced the session: the browser must get the new cookie.
      const headers = new Headers();
      for (const cookie of done.setCookies) headers.append("Set-Cookie", cookie);
      return answer({ ok: true, message: intent === "confirm-two-factor" ? texts.twoFactorTurnedOn : texts.twoFactorTurnedOff }, 200, headers);
    }
    case "change-password": {
      // On success the headers carry this device's new session: the library ended the old one with the others.
      const { result, headers } = await changePasswordFromForm(app, admin, form, { headers: request.headers, ip: context.get(requestContext).clientIp });
      if (!result.ok) return answer({ ok: false, message: result.message, errors: result.fields ?? fieldError(result) }, result.status, headers);
      // Without JavaScript: on to the page, asked for afresh with the new session (the shop's account page does the same).
      if (isDocumentPost(request)) throw redirect(passwordChangedHref("/admin/settings"), { headers });
      return answer({ ok: true, message: result.message }, 200, headers);
    }
    default:
      return answer({ ok: false, message: texts.fixFields }, 400);
  }
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  useFocusNamedField();
  if (loaderData.mustEnrol) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <PageHeader title={texts.title} />
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 className="text-base font-semibold text-amber-950">{texts.mustEnrolTitle}</h2>
          <p className="mt-1 text-sm text-amber-950">{texts.mustEnrolBody}</p>
        </div>
        <TwoFactorCard enabled={false} required onlyEnrolment />
      </div>
    );
  }
  const { settings, admins, me } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title={texts.title} subtitle={texts.subtitle} />
      {/* A post made before JavaScript had loaded (or without it) is answered on the page itself. */}
      <PricesCard settings={settings} pageAnswer={actionData && "intent" in actionData && actionData.intent === "save-settings" ? actionData : undefined} />
      <ShopCard settings={settings} />
      <AdminsCard admins={admins} myId={me.userId} />
      <PasswordCard />
      <TwoFactorCard enabled={me.twoFactorEnabled} required={settings.requireAdminTwoFactor} />
    </div>
  );
}

/**
 * A link to one field of this page (the print page's "Set it in Settings" goes to
 * #sender-address) puts the cursor in it: the browser's own jump does not happen after an in-app
 * navigation, and on a phone the field is far below the fold.
 */
function useFocusNamedField() {
  const { hash } = useLocation();
  useEffect(() => {
    const field = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (field instanceof HTMLElement) field.focus();
  }, [hash]);
}
