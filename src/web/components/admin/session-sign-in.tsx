// When the session has ended (Logout in another tab, a password change elsewhere, 7 days idle), a
// form of the back office that is sent gets a 401 answer from its page's action (requireAdminAction):
// the page and what was typed in it stay, and this dialog over the page says why and asks for the
// password, posting to the admin login's own action (decision 059). Signed in again, the owner
// presses Save once more. One mechanism for every screen: every admin fetcher is a useAdminFetcher,
// which reports such an answer; a page whose form navigates (the product editor) or that calls
// /api/admin itself reports it the same way.
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { twoFactorSignIn } from "../../../domain/messages/account.ts";
import { adminAccess, adminShell } from "../../../domain/messages/admin.ts";
import { toast } from "../../lib/toast.ts";
import { isDatabaseAwayAnswer, isDatabaseAwayAnswerTo } from "../../lib/database-away.ts";
import { Field, focusFirstInvalid } from "../form/field.tsx";
import { AdminDialog } from "./ui/admin-dialog.tsx";
import { adminButton } from "./ui/admin-ui.tsx";
import { AdminPasswordField } from "./ui/admin-password-field.tsx";
import { TwoFactorCodeField } from "./ui/two-factor-code-field.tsx";
import { BusyButton } from "./ui/busy-button.tsx";

/** The answer of an admin page's action when nobody is signed in (AdminSessionEnded on the server). */
export function isSessionEndedAnswer(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { adminLogin?: unknown }).adminLogin === true;
}

const listeners = new Set<() => void>();

/** Opens the sign-in over the page: for answers the shell does not see (a navigating form, a fetch of /api/admin). */
export function reportSessionEnded() {
  for (const listener of listeners) listener();
}

/** For a page whose form navigates: its action's answer, reported when it says the session has ended. */
export function useReportSessionEnded(answer: unknown) {
  useEffect(() => {
    if (isSessionEndedAnswer(answer)) reportSessionEnded();
  }, [answer]);
}

/**
 * A form sent while the database was away (src/web/lib/database-away.ts): its screen stays with
 * what was typed, and a toast says it was not done. Screens show such a refusal their own way too
 * (a toast of the same words is shown once); this covers those that would not (a fold, a diagnostic).
 */
function useSayDatabaseAway(answer: unknown) {
  useEffect(() => {
    if (isDatabaseAwayAnswer(answer)) toast.error(answer.message);
  }, [answer]);
}

/**
 * useFetcher for the back office: the same fetcher, whose answer opens the sign-in over the page
 * when it says the session has ended, and is said in a toast when the database was away. Every
 * admin screen's fetcher is one of these (a lint rule holds the line), so no screen handles
 * either itself.
 */
export const useAdminFetcher: typeof useFetcher = (options) => {
  const fetcher = useFetcher(options);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useReportSessionEnded(answer);
  useSayDatabaseAway(answer);
  return fetcher;
};

/** For a fetch of /api/admin/*: its 401 means the session has ended. */
export function reportIfSessionEnded(response: Response) {
  if (response.status === 401) reportSessionEnded();
}

type SignInAnswer = { message?: string; field?: string; twoFactor?: boolean; signedIn?: boolean };

export function SessionSignIn({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  // Each opening starts from an empty form (no password or refusal left from the last one).
  const [opening, setOpening] = useState(0);
  const openOnce = useCallback(() => {
    setOpen((wasOpen) => {
      if (!wasOpen) setOpening((count) => count + 1);
      return true;
    });
  }, []);

  useEffect(() => {
    listeners.add(openOnce);
    return () => {
      listeners.delete(openOnce);
    };
  }, [openOnce]);

  // The e-mail is filled in: the cursor goes to the password (after the dialog's showModal, which
  // ran first, as a child's effect does, and focused its first field).
  useEffect(() => {
    if (open) document.getElementById("session-password")?.focus();
  }, [open, opening]);

  return (
    <AdminDialog open={open} onClose={() => setOpen(false)} title={adminShell.sessionEndedTitle} description={adminShell.sessionEnded} closeLabel={adminShell.closeSignIn} className="max-w-sm" asksBeforeLeaving={false}>
      {opening > 0 ? (
        <SignInForm
          key={opening}
          email={email}
          onSignedIn={() => {
            setOpen(false);
            toast.success(adminShell.signedInAgain);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </AdminDialog>
  );
}

function SignInForm({ email, onSignedIn, onCancel }: { email: string; onSignedIn: () => void; onCancel: () => void }) {
  const fetcher = useFetcher<SignInAnswer>();
  const [backup, setBackup] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // A code sent while the database was away: the code step stays, with the message on it.
  const codeStep = fetcher.data?.twoFactor === true || isDatabaseAwayAnswerTo(fetcher.data, "verify-code");
  const message = answer?.message;

  // Signed in (and the page's data reloaded behind the dialog): it closes, the focus goes back to
  // the control that had it (the Save button), and the owner saves again.
  const done = answer?.signedIn === true;
  const reported = useRef(false);
  useEffect(() => {
    if (!done || reported.current) return;
    reported.current = true;
    onSignedIn();
  }, [done, onSignedIn]);
  useEffect(() => {
    if (!message) return;
    // A wrong password marks no field (it does not say which of the two was wrong): the e-mail came
    // filled in, so the cursor goes to the password to type again, not to the first field.
    if (form.current?.querySelector('[aria-invalid="true"]')) focusFirstInvalid(form.current);
    else document.getElementById("session-password")?.focus();
  }, [message, answer]);

  if (codeStep) {
    return (
      <fetcher.Form method="post" action="/admin" ref={form} noValidate className="grid gap-3" key={backup ? "backup" : "totp"}>
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name="kind" value={backup ? "backup" : "totp"} />
        <input type="hidden" name="stay" value="page" />
        <p className="text-sm text-gray-700">{backup ? twoFactorSignIn.backupIntro : twoFactorSignIn.intro}</p>
        <TwoFactorCodeField id="session-code" backup={backup} error={message} />
        <button type="button" onClick={() => setBackup((on) => !on)} className="justify-self-start text-sm text-gray-700 underline hover:text-gray-900">
          {backup ? twoFactorSignIn.useAppCode : twoFactorSignIn.useBackupCode}
        </button>
        <Buttons busy={busy} label={busy ? twoFactorSignIn.verifying : twoFactorSignIn.verify} onCancel={onCancel} />
      </fetcher.Form>
    );
  }
  const fieldError = (name: string) => (message && answer?.field === name ? message : undefined);
  return (
    <fetcher.Form method="post" action="/admin" ref={form} noValidate className="grid gap-3">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="stay" value="page" />
      {message && answer?.field !== "email" && answer?.field !== "password" ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      <Field density="compact" id="session-email" name="email" label={adminAccess.adminEmail} type="email" autoComplete="username" defaultValue={email} error={fieldError("email")} required />
      <AdminPasswordField id="session-password" error={fieldError("password")} />
      <Buttons busy={busy} label={busy ? adminShell.signingInAgain : adminShell.signInAgain} onCancel={onCancel} />
    </fetcher.Form>
  );
}

function Buttons({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <button type="button" className={adminButton.secondary} onClick={onCancel}>
        {adminShell.notNow}
      </button>
      <BusyButton type="submit" busy={busy} className={adminButton.primary}>
        {label}
      </BusyButton>
    </div>
  );
}
