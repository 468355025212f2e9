// A new password and its confirmation, as the reset page, the account page and the back office's
// Settings ask for them: the sign-up rule as the hint, each field's own message from the server.
import { passwordReset } from "../../../domain/messages/account.ts";
import { Field, type FieldDensity } from "./field.tsx";

export function NewPasswordFields({ errors, density }: { errors: { password?: string; confirmPassword?: string }; density?: FieldDensity }) {
  return (
    <>
      <Field
        density={density}
        name="password"
        label={passwordReset.newPasswordLabel}
        type="password"
        autoComplete="new-password"
        hint={passwordReset.newPasswordHint}
        error={errors.password}
        required
      />
      <Field density={density} name="confirmPassword" label={passwordReset.confirmPasswordLabel} type="password" autoComplete="new-password" error={errors.confirmPassword} required />
    </>
  );
}
