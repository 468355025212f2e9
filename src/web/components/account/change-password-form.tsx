// The account page's change of password (ours; the rules are in server/auth/change-password.server.ts).
// A POST form: the page stays where it is when it answers. Before JavaScript has loaded, a change
// is answered with a redirect to this page (lib/password-changed.ts), which says so from its URL.
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { passwordChange } from "../../../domain/messages/account.ts";
import type { PasswordChangeField } from "../../../domain/schemas.ts";
import { Field, focusFirstInvalid } from "../form/field.tsx";
import { NewPasswordFields } from "../form/new-password-fields.tsx";
import { isPasswordJustChanged, PASSWORD_SECTION_ID } from "../../lib/password-changed.ts";

export const CHANGE_PASSWORD_INTENT = "change-password";

/** A refusal names its field (`field`), or, for the form's own rules, every field it refused (`fields`). */
export type PasswordChangeAnswer = { ok: true; message: string } | { ok: false; message: string; field?: PasswordChangeField; fields?: Partial<Record<PasswordChangeField, string>> };

/** One object, so the effect below runs once for it. */
const CHANGED: PasswordChangeAnswer = { ok: true, message: passwordChange.done };

export function ChangePasswordForm({ answer: posted }: { answer: PasswordChangeAnswer | undefined }) {
  const [params] = useSearchParams();
  const answer = posted ?? (isPasswordJustChanged(params) ? CHANGED : undefined);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === CHANGE_PASSWORD_INTENT;
  const form = useRef<HTMLFormElement>(null);
  // A refusal puts the cursor in the field to fix; a change clears the form, the old and new
  // passwords no longer being anything to keep on screen.
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      form.current?.reset();
      return;
    }
    // Every refused field is marked at once: the cursor goes to the first of them.
    focusFirstInvalid(form.current);
  }, [answer]);
  const error = (name: PasswordChangeField) => {
    if (!answer || answer.ok) return undefined;
    return answer.fields?.[name] ?? (answer.field === name ? answer.message : undefined);
  };

  return (
    <section id={PASSWORD_SECTION_ID} aria-labelledby="password-heading" className="mt-12 scroll-mt-28 border-t border-brand-100 pt-6">
      <h2 id="password-heading" className="text-base font-semibold">
        {passwordChange.title}
      </h2>
      <p className="mt-1 max-w-xl text-sm text-brand-900/75">{passwordChange.intro}</p>
      <Form method="post" noValidate ref={form} state={{ keepScroll: true }} preventScrollReset className="mt-4 grid max-w-md gap-4">
        <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
        {answer && !answer.ok && !answer.field ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {answer.message}
          </p>
        ) : null}
        <Field name="currentPassword" label={passwordChange.currentPasswordLabel} type="password" autoComplete="current-password" error={error("currentPassword")} required />
        <NewPasswordFields errors={{ password: error("password"), confirmPassword: error("confirmPassword") }} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy} className="rounded-md bg-brand-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-black disabled:cursor-wait disabled:opacity-70">
            {busy ? passwordChange.saving : passwordChange.save}
          </button>
          {/* In the page from the start: a live region added with its text is not always read out. */}
          <p role="status" className="text-sm font-medium text-green-800">
            {answer?.ok ? answer.message : ""}
          </p>
        </div>
      </Form>
    </section>
  );
}
