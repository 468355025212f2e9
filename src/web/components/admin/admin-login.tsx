// The admin login, shown in place of any admin page when nobody is signed in (admin.md sections 2,
// 4, 6): Admin Email, Password with a show/hide toggle, Access Admin Panel / Authenticating...,
// Back to Store, the server's message inline when it fails, and the shop's "Forgot password?". For an account with two-factor
// sign-in the password is followed by a code step (decision 037).
import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { auth, twoFactorSignIn } from "../../../domain/messages/account.ts";
import { adminAccess, adminShell } from "../../../domain/messages/admin.ts";
import { forgotPasswordHref } from "../../../domain/forgot-password-link.ts";
import { Field, focusFirstInvalid } from "../form/field.tsx";
import { expectPageAfterSignIn } from "./admin-shell.tsx";
import { adminButton } from "./ui/admin-ui.tsx";
import { AdminPasswordField } from "./ui/admin-password-field.tsx";
import { TwoFactorCodeField } from "./ui/two-factor-code-field.tsx";
import { BusyButton } from "./ui/busy-button.tsx";
import { isDatabaseAwayAnswerTo } from "../../lib/database-away.ts";

type LoginAnswer = { message?: string; field?: string; twoFactor?: boolean };

export function AdminLogin() {
  const fetcher = useFetcher<LoginAnswer>();
  const location = useLocation();
  const [restarted, setRestarted] = useState<unknown>(null);
  const busy = fetcher.state !== "idle";
  const message = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  const fieldError = (name: string) => (message && fetcher.data?.field === name ? message : undefined);
  const form = useRef<HTMLFormElement>(null);
  // A refused sign-in names no field (it does not say which of the two was wrong): the cursor goes
  // back to the first, as on every refused form.
  useEffect(() => {
    if (message) focusFirstInvalid(form.current);
  }, [message, fetcher.data]);
  // A code sent while the database was away: the code step stays, with the message on it.
  if ((fetcher.data?.twoFactor || isDatabaseAwayAnswerTo(fetcher.data, "verify-code")) && restarted !== fetcher.data) {
    return <CodeStep fetcher={fetcher} redirectTo={location.pathname + location.search} onRestart={() => setRestarted(fetcher.data)} />;
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        <div className="mb-5 flex items-center gap-2">
          <span className="flex h-9 w-9 items-center justify-center rounded-md bg-gray-900 text-white">
            <Lock aria-hidden className="h-4 w-4" />
          </span>
          <h1 className="text-lg font-semibold text-gray-900">{adminShell.adminPanel}</h1>
        </div>
        <fetcher.Form method="post" action="/admin" ref={form} className="grid gap-4" onSubmit={expectPageAfterSignIn}>
          <input type="hidden" name="intent" value="login" />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          {message ? (
            <p id="admin-login-problem" role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {message}
            </p>
          ) : null}
          <Field density="compact" id="admin-email" name="email" label={adminAccess.adminEmail} type="email" autoComplete="username" error={fieldError("email")} required />
          <AdminPasswordField id="admin-password" error={fieldError("password")} />
          {/* The admin's account is a shop account: the storefront's reset link works for it, and
              brings the owner back to this page's login afterwards rather than the shop's /auth. */}
          <p className="-mt-2 text-right text-sm">
            <Link to={forgotPasswordHref(location.pathname + location.search)} className="text-gray-700 underline underline-offset-2 hover:text-gray-900">
              {auth.forgotPassword}
            </Link>
          </p>
          <BusyButton type="submit" busy={busy} className={`${adminButton.primary} w-full py-2`}>
            {busy ? adminAccess.authenticating : adminAccess.accessAdminPanel}
          </BusyButton>
        </fetcher.Form>
        <Link to="/" className="mt-4 block text-center text-sm text-gray-700 underline hover:text-gray-900">
          {adminAccess.backToStore}
        </Link>
      </div>
    </main>
  );
}

function CodeStep({
  fetcher,
  redirectTo,
  onRestart,
}: {
  fetcher: ReturnType<typeof useFetcher<LoginAnswer>>;
  redirectTo: string;
  onRestart: () => void;
}) {
  const [backup, setBackup] = useState(false);
  const busy = fetcher.state !== "idle";
  const message = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  // Every refusal of this step is about the code: it is marked, and the cursor goes back to it.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (message) focusFirstInvalid(form.current);
  }, [message, fetcher.data]);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        <div className="mb-3 flex items-center gap-2">
          <span className="flex h-9 w-9 items-center justify-center rounded-md bg-gray-900 text-white">
            <Lock aria-hidden className="h-4 w-4" />
          </span>
          <h1 className="text-lg font-semibold text-gray-900">{twoFactorSignIn.title}</h1>
        </div>
        <p className="mb-4 text-sm text-gray-700">{backup ? twoFactorSignIn.backupIntro : twoFactorSignIn.intro}</p>
        <fetcher.Form method="post" action="/admin" ref={form} className="grid gap-4" key={backup ? "backup" : "totp"} onSubmit={expectPageAfterSignIn}>
          <input type="hidden" name="intent" value="verify-code" />
          <input type="hidden" name="kind" value={backup ? "backup" : "totp"} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TwoFactorCodeField id="admin-code" backup={backup} error={message} />
          <BusyButton type="submit" busy={busy} className={`${adminButton.primary} w-full py-2`}>
            {busy ? twoFactorSignIn.verifying : twoFactorSignIn.verify}
          </BusyButton>
        </fetcher.Form>
        <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
          <button type="button" onClick={() => setBackup((on) => !on)} className="text-gray-700 underline hover:text-gray-900">
            {backup ? twoFactorSignIn.useAppCode : twoFactorSignIn.useBackupCode}
          </button>
          <button type="button" onClick={onRestart} className="text-gray-700 underline hover:text-gray-900">
            {twoFactorSignIn.startAgain}
          </button>
        </div>
      </div>
    </main>
  );
}
