import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { adminAccess, adminShell } from "../../../../domain/messages/admin.ts";
import { Field } from "../../form/field.tsx";

/** The admin's Password with its show/hide toggle (admin.md 2), on the login and the sign-in over a page. */
export function AdminPasswordField({ id, error }: { id: string; error: string | undefined }) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <Field
      density="compact"
      id={id}
      name="password"
      label={adminAccess.password}
      type={showPassword ? "text" : "password"}
      autoComplete="current-password"
      error={error}
      required
      suffix={
        <button
          type="button"
          onClick={() => setShowPassword((shown) => !shown)}
          aria-label={showPassword ? adminShell.hidePassword : adminShell.showPassword}
          aria-pressed={showPassword}
          className="flex h-full w-10 items-center justify-center text-gray-600 hover:text-gray-900"
        >
          {showPassword ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
        </button>
      }
    />
  );
}
