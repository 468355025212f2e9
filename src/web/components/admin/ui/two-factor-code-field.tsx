import { twoFactorSignIn } from "../../../../domain/messages/account.ts";
import { Field } from "../../form/field.tsx";

/** The code step's field (decision 037): six digits from the app, or a backup code. */
export function TwoFactorCodeField({ id, backup, error }: { id: string; backup: boolean; error: string | undefined }) {
  return (
    <Field
      density="compact"
      id={id}
      name="code"
      label={backup ? twoFactorSignIn.backupCodeLabel : twoFactorSignIn.codeLabel}
      error={error}
      required
      autoFocus
      autoComplete="one-time-code"
      inputMode={backup ? "text" : "numeric"}
      pattern={backup ? undefined : "[0-9 ]{6,7}"}
      maxLength={backup ? 64 : 7}
      controlClassName="tracking-widest"
    />
  );
}
