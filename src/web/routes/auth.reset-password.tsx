// /auth/reset-password?token=...: the page the reset e-mail links to (issue 10, item 24). The link
// is checked before anything is asked; the new password follows the sign-up rule; saving it uses
// the link up and signs the account out everywhere. A plain POST form: it works before JavaScript.
// The link's `redirect` (a path of this shop, checked again here) is where its sign-in leads: the
// admin login for an owner who asked from it.
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { auth as authMessages, passwordReset } from "../../domain/messages/account.ts";
import { validation } from "../../domain/messages/forms.ts";
import { forgotPasswordHref } from "../../domain/forgot-password-link.ts";
import { safeRedirectPath, signInPageFor } from "../../domain/redirect.ts";
import { isResetTokenValid, resetPassword, type AuthField } from "../../server/auth/accounts.server.ts";
import { AuthShell, FormProblem, Notice, submitButtonClass } from "../components/auth/auth-parts.tsx";
import { NewPasswordFields } from "../components/form/new-password-fields.tsx";
import { withActionHeaders } from "../lib/action-headers.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/auth.reset-password";
import { appContext, requestContext } from "../app-context.ts";
import { readFormData } from "../lib/form-data.ts";
import { formText } from "../../domain/form-text.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageHead({ title: passwordReset.newPasswordTitle, description: "Choose a new password for your account.", noIndex: true }, rootHead(matches).shopName);

// The token is in the address: the page is never stored. The shop's "same-origin" referrer policy
// already names it to no other site; "no-referrer" here made a browser without JavaScript post
// the form with `Origin: null`, which the shop refuses as another site's request.
export const headers: Route.HeadersFunction = (args) => {
  const headers = withActionHeaders(args);
  headers.set("Cache-Control", "no-store");
  return headers;
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const returnTo = safeRedirectPath(url.searchParams.get("redirect"));
  const links = { signIn: signInPageFor(returnTo), newLink: forgotPasswordHref(returnTo) };
  // The form drawn again while the database is away (src/host/outages.ts): the link it was sent from.
  if (context.get(requestContext).formAnsweredWhileDatabaseAway()) return { token, ...links };
  const valid = await isResetTokenValid(context.get(appContext), token);
  return { token: valid ? token : null, ...links };
}

type Answer = { ok: true } | { ok: false; message: string; field?: AuthField; linkInvalid: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const text = formText(form);
  const result = await resetPassword(
    context.get(appContext),
    { token: text("token"), password: text("password"), confirmPassword: text("confirmPassword") },
    { headers: request.headers, ip: context.get(requestContext).clientIp },
  );
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data<Answer>({ ok: false, message: result.message, field: result.field, linkInvalid: result.linkInvalid === true }, { status: result.status, headers });
  }
  return data<Answer>({ ok: true });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const failure = actionData && !actionData.ok ? actionData : undefined;

  useEffect(() => {
    if (!failure || failure.linkInvalid) return;
    toast.error(failure.message);
    const field = failure.field ? formRef.current?.querySelector<HTMLElement>(`[name="${failure.field}"]`) : null;
    (field ?? formRef.current?.querySelector<HTMLElement>('input[type="password"]'))?.focus();
  }, [failure]);
  // Done: a refusal of an earlier try ('The two passwords do not match') no longer holds.
  const done = actionData?.ok === true;
  useEffect(() => {
    if (done) toast.clearErrors();
  }, [done]);

  if (actionData?.ok) {
    return (
      <AuthShell>
        <h1 className="sr-only">{passwordReset.newPasswordTitle}</h1>
        <Notice title={passwordReset.done}>
          <Link to={loaderData.signIn} className="mt-4 inline-block font-semibold text-brand-700 underline">
            {authMessages.signIn}
          </Link>
        </Notice>
      </AuthShell>
    );
  }

  if (loaderData.token === null || failure?.linkInvalid) {
    return (
      <AuthShell>
        <h1 className="font-serif text-2xl font-semibold tracking-tight">{passwordReset.newPasswordTitle}</h1>
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          {validation.resetLinkInvalid}
        </p>
        <Link to={loaderData.newLink} className={`${submitButtonClass} no-underline`}>
          {passwordReset.requestNewLink}
        </Link>
      </AuthShell>
    );
  }

  const fieldError = (name: AuthField) => (failure?.field === name ? failure.message : undefined);
  return (
    <AuthShell>
      <h1 className="font-serif text-2xl font-semibold tracking-tight">{passwordReset.newPasswordTitle}</h1>
      <Form method="post" noValidate ref={formRef} className="mt-6" aria-describedby={failure ? "reset-problem" : undefined}>
        {failure ? <FormProblem id="reset-problem" message={failure.message} /> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <div className="grid gap-4">
          <NewPasswordFields errors={{ password: fieldError("password"), confirmPassword: fieldError("confirmPassword") }} />
        </div>
        <button type="submit" disabled={busy} className={submitButtonClass}>
          {busy ? passwordReset.saving : passwordReset.save}
        </button>
      </Form>
    </AuthShell>
  );
}
