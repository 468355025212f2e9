// /auth/forgot-password: a shopper who forgot the password asks for a reset link (issue 10, item
// 24). The answer is the same whether or not the address has an account, so this page cannot be
// used to find out who shops here. A plain POST form: it works before JavaScript loads. Opened
// with `?redirect=` (from the admin login, or /auth on its way to a page), the reset e-mail's link
// carries it on, so the new password's sign-in ends where the owner or shopper came from.
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { passwordReset } from "../../domain/messages/account.ts";
import { safeRedirectPath, signInPageFor } from "../../domain/redirect.ts";
import { requestPasswordReset } from "../../server/auth/accounts.server.ts";
import { AuthShell, FormProblem, Notice, submitButtonClass } from "../components/auth/auth-parts.tsx";
import { Field } from "../components/form/field.tsx";
import { withActionHeaders } from "../lib/action-headers.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import type { Route } from "./+types/auth.forgot-password";
import { appContext, requestContext } from "../app-context.ts";
import { readFormData } from "../lib/form-data.ts";
import { formText } from "../../domain/form-text.ts";
import { isDatabaseAwayAnswer } from "../lib/database-away.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageHead({ title: passwordReset.title, description: "Ask for a link to choose a new password for your account.", noIndex: true }, rootHead(matches).shopName);

/** A 429's Retry-After reaches the browser. */
export const headers: Route.HeadersFunction = withActionHeaders;

export function loader({ url }: Route.LoaderArgs) {
  // Only a path of this shop, never the sign-in page itself (src/domain/redirect.ts).
  return { signIn: signInPageFor(safeRedirectPath(url.searchParams.get("redirect"))) };
}

type Answer = { ok: true; message: string } | { ok: false; message: string; email: string };

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const typed = formText(form)("email");
  const returnTo = safeRedirectPath(url.searchParams.get("redirect"));
  const result = await requestPasswordReset(context.get(appContext), { email: typed }, { headers: request.headers, ip: context.get(requestContext).clientIp }, returnTo);
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data<Answer>({ ok: false, message: result.message, email: typed }, { status: result.status, headers });
  }
  // The reset e-mail, if any, goes out as soon as it is queued rather than at the mail worker's
  // next sweep. Not awaited: the answer must not wait for it (see requestPasswordReset).
  void result.delivered.then(() => context.get(appContext).kickMail());
  return data<Answer>({ ok: true, message: result.message });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  // Sent while the database was away: the address was fine, the shop could not take it.
  const away = isDatabaseAwayAnswer(actionData) ? actionData : undefined;

  useEffect(() => {
    if (!failure) return;
    toast.error(failure.message);
    formRef.current?.querySelector<HTMLElement>('input[name="email"]')?.focus();
  }, [failure]);

  if (actionData?.ok) {
    return (
      <AuthShell>
        <h1 className="sr-only">{passwordReset.title}</h1>
        <Notice title={actionData.message}>
          <Link to={loaderData.signIn} className="mt-4 inline-block font-semibold text-brand-700 underline">
            {passwordReset.backToSignIn}
          </Link>
        </Notice>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <h1 className="font-serif text-2xl font-semibold tracking-tight">{passwordReset.title}</h1>
      <p className="mt-2 text-sm text-brand-900/75">{passwordReset.requestIntro}</p>
      <Form method="post" noValidate ref={formRef} className="mt-6" aria-describedby={failure ? "forgot-problem" : undefined}>
        {failure ? <FormProblem id="forgot-problem" message={failure.message} /> : null}
        <Field name="email" label="Email" type="email" autoComplete="email" defaultValue={away ? away.values.email : failure?.email} error={away ? undefined : failure?.message} required />
        <button type="submit" disabled={busy} className={submitButtonClass}>
          {busy ? passwordReset.sendingLink : passwordReset.sendLink}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={loaderData.signIn} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {passwordReset.backToSignIn}
        </Link>
      </p>
    </AuthShell>
  );
}
