// /auth: Sign In and Sign Up (storefront.md section 2 "Auth", section 4 "Authentication",
// section 5 "Sign-up and sign-in", section 8). Plain POST forms that work before JavaScript; with
// JavaScript the guest cart rides along and is merged into the account in the same request.
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation, useSearchParams } from "react-router";
import { auth as authMessages, passwordReset, twoFactorSignIn } from "../../domain/messages/account.ts";
import { cart as cartMessages } from "../../domain/messages/cart.ts";
import { forgotPasswordHref } from "../../domain/forgot-password-link.ts";
import { safeRedirectPath } from "../../domain/redirect.ts";
import { signIn, signUp, verifyTwoFactorSignIn, type AuthField, type AuthResult } from "../../server/auth/accounts.server.ts";
import { confirmationPath } from "../../server/auth/auth.server.ts";
import { openConfirmationLink, signInFromConfirmationLink, type ConfirmationView } from "../../server/auth/email-confirmation.server.ts";
import { readViewer } from "../../server/auth/session.server.ts";
import { mergeGuestCart } from "../../server/cart/cart.server.ts";
import { AuthShell, FormProblem, Notice, submitButtonClass } from "../components/auth/auth-parts.tsx";
import { ConfirmAddressSignIn, LinkFailedNotice } from "../components/auth/confirm-address.tsx";
import { Field } from "../components/form/field.tsx";
import { guestCartFormValue } from "../lib/cart-api.ts";
import { clearGuestCart, getGuestCart } from "../lib/guest-cart-store.ts";
import { withActionHeaders } from "../lib/action-headers.ts";
import { keepDataAfterPost } from "../lib/keep-data-after-post.ts";
import { isDatabaseAwayAnswer, isDatabaseAwayAnswerTo, type DatabaseAwayAnswer } from "../lib/database-away.ts";
import { pageHead, rootHead } from "../lib/seo.ts";
import { toast } from "../lib/toast.ts";
import { readFormData } from "../lib/form-data.ts";
import type { Route } from "./+types/auth";
import { appContext, requestContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";
import { formText } from "../../domain/form-text.ts";

type Tab = "signin" | "signup";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageHead({ title: authMessages.signIn, description: "Sign in or create an account to keep your cart and see your orders.", noIndex: true }, rootHead(matches).shopName);

/** A 429's Retry-After reaches the browser; a confirmation link's page is never stored (its token is in the address). */
export const headers: Route.HeadersFunction = (args) => {
  const headers = withActionHeaders(args);
  const fromLoader = args.loaderHeaders.get("Cache-Control");
  if (fromLoader !== null) headers.set("Cache-Control", fromLoader);
  return headers;
};

type LoaderAnswer = {
  redirectTo: string;
  signedIn: boolean;
  /** Opened from an address confirmation link (`?confirm=`): what the link did, and what is left to do. */
  confirmation: ConfirmationView | null;
  /** For a link that failed: what to do for a new one. */
  linkFailedMessage: string;
  /** "Forgot password?", carrying where this sign-in would have ended. */
  forgotHref: string;
};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect"));
  // "Forgot password?" carries the redirect on, so a reset ends where this sign-in would have.
  const forgotHref = forgotPasswordHref(redirectTo);
  // The form drawn again while the database is away (src/host/outages.ts): nobody known to be signed in.
  if (context.get(requestContext).formAnsweredWhileDatabaseAway()) return { redirectTo, signedIn: false, confirmation: null, linkFailedMessage: "", forgotHref } satisfies LoaderAnswer;
  const viewer = await readViewer(app, request.headers, context.get(requestContext).setCookie);
  const confirmToken = url.searchParams.get("confirm");
  // Signed-in shoppers have nothing to do here, except open their address confirmation link.
  if (confirmToken === null) {
    if (viewer) throw redirect(redirectTo);
    return { redirectTo, signedIn: false, confirmation: null, linkFailedMessage: "", forgotHref } satisfies LoaderAnswer;
  }
  const confirmation = await openConfirmationLink(app, confirmToken, viewer);
  // With verification required a refused sign-in sends a new link; otherwise the account page does.
  const newLinkOnSignIn = app.config.requireEmailVerification && viewer === null;
  const linkFailedMessage = newLinkOnSignIn ? authMessages.verificationLinkFailed : authMessages.verificationLinkFailedAskAgain;
  return data<LoaderAnswer>({ redirectTo, signedIn: viewer !== null, confirmation, linkFailedMessage, forgotHref }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * After a sign-up or sign-in this page's own loader is not run again: it would send the new
 * account holder away before the sign-up message has been read. The page moves on by itself.
 */
export const shouldRevalidate = keepDataAfterPost;

type ActionAnswer =
  | { ok: true; intent: Tab; redirectTo: string; signedIn: boolean; transferred: boolean; guestCartSettled: boolean }
  /** The password was right; the account has two-factor sign-in on: the code step (decision 037). */
  | { ok: false; intent: "signin"; twoFactor: true; message?: string; redirectTo: string }
  | { ok: false; intent: Tab; message: string; field?: AuthField; fields?: Partial<Record<AuthField, string>>; values: Record<string, string> };

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const text = formText(form);
  const intent: Tab = text("intent") === "signup" ? "signup" : "signin";
  // A sign-in on the page a confirmation link opened comes back to it, and the page confirms.
  const confirmToken = url.searchParams.get("confirm");
  const redirectTo = confirmToken === null ? safeRedirectPath(url.searchParams.get("redirect")) : confirmationPath(confirmToken);
  const meta = { headers: request.headers, ip: context.get(requestContext).clientIp };
  const secondStep = text("intent") === "two-factor";
  const credentials = { email: text("email"), password: text("password") };

  const result: AuthResult = secondStep
    ? await verifyTwoFactorSignIn(context.get(appContext), { code: text("code"), kind: /^\s*\d{3}\s?\d{3}\s*$/.test(text("code")) ? "totp" : "backup" }, meta)
    : intent === "signup"
      ? await signUp(context.get(appContext), { firstName: text("firstName"), lastName: text("lastName"), email: text("email"), phone: text("phone"), password: text("password") }, meta)
      : confirmToken === null
        ? await signIn(context.get(appContext), credentials, meta)
        : await signInFromConfirmationLink(context.get(appContext), confirmToken, credentials, meta);
  // A sign-up (or a sign-in refused for an unverified address) may have queued a verification
  // e-mail: send it now rather than at the mail worker's next sweep.
  context.get(appContext).kickMail();

  if (!result.ok && secondStep && result.field === "token") {
    return data<ActionAnswer>({ ok: false, intent: "signin", twoFactor: true, message: result.message, redirectTo }, { status: result.status });
  }
  if (!result.ok) {
    // What was typed comes back (never the password) so nothing has to be typed again.
    const values = { firstName: text("firstName"), lastName: text("lastName"), email: text("email"), phone: text("phone") };
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data<ActionAnswer>({ ok: false, intent, message: result.message, field: result.field, fields: result.fields, values }, { status: result.status, headers });
  }

  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  if (result.twoFactor) return data<ActionAnswer>({ ok: false, intent: "signin", twoFactor: true, redirectTo }, { headers });

  // Section 4: after sign-in the guest cart's lines move into the account, in one transaction.
  // If that fails the browser keeps its guest cart: nothing is lost from either side.
  let transferred = false;
  let guestCartSettled = false;
  const guestLines = parseGuestLines(text("guestCart"));
  if (result.userId && guestLines !== null) {
    try {
      const merged = await mergeGuestCart(context.get(appContext).db, result.userId, guestLines);
      guestCartSettled = merged.ok;
      transferred = merged.ok && merged.merged > 0;
    } catch (error) {
      logRequestError("guest cart merge", error);
    }
  }

  // Without JavaScript there is no guest cart and no toast: go straight on.
  if (intent === "signin" && text("js") !== "1") throw redirect(redirectTo, { headers });
  return data<ActionAnswer>({ ok: true, intent, redirectTo, signedIn: result.userId !== null, transferred, guestCartSettled }, { headers });
}

function parseGuestLines(value: string): unknown[] | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.length > 0 ? parsed : null;
  } catch {
    return null;
  }
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "signup" ? "signup" : "signin";
  const switchTo = (next: Tab) => {
    const nextParams = new URLSearchParams(params);
    if (next === "signup") nextParams.set("tab", "signup");
    else nextParams.delete("tab");
    setParams(nextParams, { replace: true, preventScrollReset: true });
  };

  const { confirmation } = loaderData;
  if (confirmation?.state === "confirmed") {
    return (
      <AuthShell>
        <Notice title={authMessages.emailVerified}>
          <Link to={loaderData.redirectTo} className="mt-4 inline-block font-semibold text-brand-700 underline">
            Continue shopping
          </Link>
        </Notice>
      </AuthShell>
    );
  }

  const answer = actionData?.intent === tab ? actionData : undefined;
  // A code sent while the database was away: the code step stays and says so.
  const codeStep =
    answer && "twoFactor" in answer ? answer : isDatabaseAwayAnswerTo(actionData, "two-factor") ? codeStepAgain(actionData, loaderData.redirectTo) : undefined;
  if (codeStep) {
    return (
      <AuthShell>
        <CodeStep answer={codeStep} />
      </AuthShell>
    );
  }
  if (confirmation?.state === "sign-in") {
    // Only the sign-in form: the account the link is for exists already.
    const signInAnswer = actionData?.intent === "signin" ? actionData : undefined;
    return (
      <AuthShell>
        <ConfirmAddressSignIn confirmation={confirmation}>
          <AuthForm intent="signin" answer={signInAnswer} defaultEmail={confirmation.email} forgotHref={loaderData.forgotHref} />
        </ConfirmAddressSignIn>
      </AuthShell>
    );
  }
  if (confirmation?.state === "failed" && loaderData.signedIn) {
    return (
      <AuthShell>
        <LinkFailedNotice message={loaderData.linkFailedMessage} accountLink />
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      {confirmation?.state === "failed" && <LinkFailedNotice message={loaderData.linkFailedMessage} />}
      <h1 className="mb-5 text-center font-serif text-2xl font-semibold">{authMessages.pageTitle}</h1>
      <Tabs tab={tab} onChange={switchTo} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-6">
        {/* Keyed so a switch of tab starts a clean form. */}
        <AuthForm key={tab} intent={tab} answer={answer} forgotHref={loaderData.forgotHref} />
      </div>
    </AuthShell>
  );
}

function Tabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const tabs: { id: Tab; label: string }[] = [
    { id: "signin", label: authMessages.signIn },
    { id: "signup", label: authMessages.signUp },
  ];
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ signin: null, signup: null });
  // Arrow keys move between the two tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next: Tab = tab === "signin" ? "signup" : "signin";
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Account" className="grid grid-cols-2 rounded-lg bg-brand-50 p-1" onKeyDown={onKeyDown}>
      {tabs.map(({ id, label }) => (
        <button
          key={id}
          ref={(element) => {
            refs.current[id] = element;
          }}
          id={`tab-${id}`}
          type="button"
          role="tab"
          aria-selected={tab === id}
          aria-controls={`panel-${id}`}
          tabIndex={tab === id ? 0 : -1}
          onClick={() => onChange(id)}
          className={`rounded-md px-3 py-2 text-sm font-semibold transition ${tab === id ? "bg-white text-brand-900 shadow-sm" : "text-brand-900/70 hover:text-brand-900"}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** `defaultEmail`: the address filled in to start with (a confirmation link's). */
function AuthForm({ intent, answer, defaultEmail, forgotHref }: { intent: Tab; answer: ActionAnswer | undefined; defaultEmail?: string; forgotHref: string }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const guestCartInput = useRef<HTMLInputElement>(null);
  const jsInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const failure = answer && !answer.ok && !("twoFactor" in answer) ? answer : undefined;
  const success = answer?.ok ? answer : undefined;

  // Every answer: a failure is also a toast and puts the cursor on the field to fix.
  useEffect(() => {
    if (!failure) return;
    // The earlier refusals (the other tab's, a field since filled in) no longer hold: this one replaces them.
    toast.clearErrors();
    toast.error(failure.message);
    const field = failure.field ? formRef.current?.querySelector<HTMLElement>(`[name="${failure.field}"]`) : null;
    (field ?? formRef.current?.querySelector<HTMLElement>("input:not([type=hidden])"))?.focus();
  }, [failure]);

  // The answer is shown while the page's data is read again with the new session (header, cart
  // count). Moving on before that has finished would cancel it and leave the header signed out.
  const settled = navigation.state === "idle";
  const handled = useRef<ActionAnswer | null>(null);
  useEffect(() => {
    if (!success || !settled) return;
    if (handled.current !== success) {
      handled.current = success;
      // A refusal of an earlier try must not stay beside the signed-in header.
      toast.clearErrors();
      if (success.guestCartSettled) clearGuestCart();
      if (success.transferred) toast.success(cartMessages.transferred);
    }
    if (success.intent === "signin") {
      navigate(success.redirectTo, { replace: true });
      return;
    }
    // Section 4: after sign-up the message shows, then the page reloads after 2 seconds.
    const timer = window.setTimeout(() => window.location.reload(), 2000);
    return () => window.clearTimeout(timer);
  }, [success, settled, navigate]);

  if (success?.intent === "signup") {
    return success.signedIn ? (
      <Notice title={authMessages.signUpSignedIn}>
        <p className="mt-2 text-sm text-brand-900/75">{authMessages.signUpConfirmLater}</p>
      </Notice>
    ) : (
      <Notice title={authMessages.signUpSuccess} />
    );
  }

  const values = failure?.values;
  // Every field the server refused is marked at once; the message above the form is the first's.
  const fieldError = (name: AuthField) => failure?.fields?.[name] ?? (failure?.field === name ? failure.message : undefined);
  return (
    <Form
      method="post"
      noValidate
      ref={formRef}
      // The guest cart is read at the moment of sending, so lines added in another tab count too.
      onSubmit={() => {
        if (guestCartInput.current) guestCartInput.current.value = guestCartFormValue(getGuestCart());
        if (jsInput.current) jsInput.current.value = "1";
      }}
      aria-describedby={failure ? `${intent}-problem` : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      {/* Set when JavaScript sends the form: a plain HTML post is answered with a redirect. */}
      <input type="hidden" name="js" ref={jsInput} defaultValue="" />
      <input type="hidden" name="guestCart" ref={guestCartInput} defaultValue="" />
      {failure ? <FormProblem id={`${intent}-problem`} message={failure.message} /> : null}
      <div className="grid gap-4">
        {intent === "signup" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="firstName" label="First name" autoComplete="given-name" dir="auto" defaultValue={values?.firstName} error={fieldError("firstName")} required />
            <Field name="lastName" label="Last name" autoComplete="family-name" dir="auto" defaultValue={values?.lastName} error={fieldError("lastName")} required />
          </div>
        ) : null}
        <Field name="email" label="Email" type="email" autoComplete="email" defaultValue={values?.email ?? defaultEmail} error={fieldError("email")} required />
        {intent === "signup" ? (
          <Field name="phone" label="Phone" optional type="tel" autoComplete="tel" defaultValue={values?.phone} error={fieldError("phone")} />
        ) : null}
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete={intent === "signup" ? "new-password" : "current-password"}
          hint={intent === "signup" ? passwordReset.newPasswordHint : undefined}
          error={fieldError("password")}
          required
        />
        {intent === "signin" ? (
          <p className="-mt-2 text-right text-sm">
            <Link to={forgotHref} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {authMessages.forgotPassword}
            </Link>
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={busy} className={submitButtonClass}>
        {busy ? (intent === "signup" ? authMessages.creatingAccount : authMessages.signingIn) : intent === "signup" ? authMessages.signUp : authMessages.signIn}
      </button>
    </Form>
  );
}

type CodeStepAnswer = Extract<ActionAnswer, { twoFactor: true }>;

function codeStepAgain(away: DatabaseAwayAnswer, redirectTo: string): CodeStepAnswer {
  return { ...away, intent: "signin", twoFactor: true, redirectTo };
}

/** The code step of a sign-in for an account with two-factor sign-in on (decision 037). */
function CodeStep({ answer }: { answer: CodeStepAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "two-factor";
  const redirectQuery = answer.redirectTo !== "/" ? `?redirect=${encodeURIComponent(answer.redirectTo)}` : "";
  return (
    <div>
      <h1 className="text-xl font-semibold text-brand-900">{twoFactorSignIn.title}</h1>
      <p className="mt-2 text-sm text-brand-900/80">{twoFactorSignIn.intro}</p>
      <p className="mt-1 text-sm text-brand-900/80">{twoFactorSignIn.backupHint}</p>
      <Form method="post" className="mt-5" noValidate>
        <input type="hidden" name="intent" value="two-factor" />
        {answer.message ? <FormProblem id="two-factor-problem" message={answer.message} /> : null}
        <Field
          name="code"
          label={twoFactorSignIn.codeLabel}
          autoComplete="one-time-code"
          // A wrong code is marked on the field; the database away is not about the code.
          error={isDatabaseAwayAnswer(answer) ? undefined : answer.message}
          required
        />
        <button type="submit" disabled={busy} className={submitButtonClass}>
          {busy ? twoFactorSignIn.verifying : twoFactorSignIn.verify}
        </button>
      </Form>
      <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={`/auth${redirectQuery}`} reloadDocument className="font-medium text-brand-700 underline underline-offset-2">
          {twoFactorSignIn.startAgain}
        </Link>
      </p>
    </div>
  );
}
