// /admin and everything under it (admin.md sections 2, 4 and 6). The loader checks admin rights on
// the server; a guest's 401 is rendered here as the admin login in place of the page (child
// loaders answer the same 401, and having no ErrorBoundary of their own it lands here too).
import { data, isRouteErrorResponse, Outlet, redirect } from "react-router";
import { general } from "../../domain/messages/layout.ts";
import { requestErrors } from "../../domain/messages/requests.ts";
import { isAdminPath, safeRedirectPath } from "../../domain/redirect.ts";
import { checkAdminPage, requireAdminPage, showsAccessDenied } from "../../server/admin/admin-guard.server.ts";
import { adminSignIn, adminVerifyCode } from "../../server/admin/admin-session.server.ts";
import { signOut } from "../../server/auth/accounts.server.ts";
import { AdminLogin } from "../components/admin/admin-login.tsx";
import { RefreshPageLink } from "../components/error-screens.tsx";
import { AccessDenied } from "../components/admin/access-denied.tsx";
import { AdminShell } from "../components/admin/admin-shell.tsx";
import { adminButton } from "../components/admin/ui/admin-ui.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { pageHead } from "../lib/seo.ts";
import { DEFAULT_SHOP_NAME } from "../../domain/shop-details.ts";
import type { Route } from "./+types/admin";
import { appContext, requestContext } from "../app-context.ts";
import { formText } from "../../domain/form-text.ts";

/** The root leaves out the shop's header and footer for routes that draw their own layout. */
export const handle = { ownLayout: true };

export const meta: Route.MetaFunction = ({ loaderData }) => pageHead({ title: "Admin", noIndex: true }, loaderData?.shopName ?? DEFAULT_SHOP_NAME);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const setCookie = context.get(requestContext).setCookie;
  // admin.md section 6: the Stripe page shows Access Denied to a signed-in non-admin; the
  // rest of the area sends them to /.
  if (showsAccessDenied(url.pathname)) {
    const viewer = await checkAdminPage(app, request, setCookie);
    if (viewer === "denied") return data({ email: null, shopName: null, denied: true as const, mustEnrol: false, testPayments: false }, { status: 403 });
    return { email: viewer.email, shopName: viewer.frame.shopName, denied: false as const, mustEnrol: false, testPayments: app.payments.name === "local" };
  }
  // The layout opens for an admin who must still enrol in two-factor sign-in: the page below it
  // (every one but Settings) sends them on to enrol.
  const viewer = await requireAdminPage(app, request, setCookie, { allowWithoutTwoFactor: true });
  return { email: viewer.email, shopName: viewer.frame.shopName, denied: false as const, mustEnrol: viewer.mustEnrol, testPayments: app.payments.name === "local" };
}

// POST /admin: the admin login (intent=login), its code step for an account with two-factor
// sign-in (intent=verify-code, decision 037) and Logout (intent=logout). The sign-in over a page
// whose session has ended posts here too, with stay=page (decision 059).
export async function action({ request, context }: Route.ActionArgs) {
  const { form, refusal } = await readAdminForm(request);
  const text = formText(form);
  const intent = text("intent");
  if (refusal) return data({ message: refusal.message }, { status: 400 });
  if (intent === "logout") {
    const headers = new Headers();
    for (const cookie of await signOut(context.get(appContext), request.headers)) headers.append("Set-Cookie", cookie);
    return redirect("/admin", { headers });
  }
  if (intent !== "login" && intent !== "verify-code") return data({ message: requestErrors.unreadable }, { status: 400 });
  const meta = { headers: request.headers, ip: context.get(requestContext).clientIp };
  const result =
    intent === "login"
      ? await adminSignIn(context.get(appContext), { email: text("email"), password: text("password") }, meta)
      : await adminVerifyCode(context.get(appContext), { code: text("code"), kind: text("kind") === "backup" ? "backup" : "totp" }, meta);
  if (!result.ok) {
    // A wrong code keeps the code step open; an expired challenge starts again from the password.
    if (intent === "verify-code" && result.status === 401 && result.field === "token") {
      return data({ message: result.message, twoFactor: true }, { status: 401 });
    }
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    // The field a refusal is about (an empty e-mail), marked on it; a wrong password names none.
    return data({ message: result.message, field: result.field }, { status: result.status, headers });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  if (result.twoFactor) return data({ twoFactor: true }, { headers });
  // The sign-in over a page whose session had ended (decision 059): no redirect, so the page and
  // what was typed in it stay; the answer reloads the page's data behind it.
  if (text("stay") === "page") return data({ signedIn: true }, { headers });
  const target = safeRedirectPath(text("redirectTo"));
  return redirect(isAdminPath(target) ? target : "/admin", { headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  if (loaderData.denied || loaderData.email === null) return <AccessDenied />;
  return (
    <AdminShell email={loaderData.email} shopName={loaderData.shopName} mustEnrol={loaderData.mustEnrol} testPayments={loaderData.testPayments}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 401 && (error.data as { adminLogin?: boolean } | null)?.adminLogin) {
    return <AdminLogin />;
  }
  if (import.meta.env.DEV) console.error(error);
  // A request the server refused with its reason (a form holding characters it cannot store) says it.
  const refusal = isRouteErrorResponse(error) && error.status < 500 ? (error.data as { error?: unknown } | null)?.error : undefined;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 text-center" role="alert">
      <h1 className="text-lg font-semibold text-gray-900">{typeof refusal === "string" ? refusal : general.errorScreen}</h1>
      <RefreshPageLink className={`${adminButton.primary} mt-5`} />
    </main>
  );
}
