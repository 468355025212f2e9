// The pieces the account pages share (/auth, forgot password, reset password): the card they sit
// in, a labelled field with its hint and error, and a notice for a step that is done.
import { CheckCircle2 } from "lucide-react";
import { useId, type ReactNode } from "react";

export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-brand-100 p-5 shadow-sm sm:p-8">{children}</div>
    </main>
  );
}

type FieldProps = {
  name: string;
  label: string;
  type?: "text" | "email" | "tel" | "password";
  autoComplete: string;
  hint?: string;
  defaultValue?: string;
  error?: string;
  required?: boolean;
};

export function Field({ name, label, type = "text", autoComplete, hint, defaultValue, error, required = false }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden className="text-red-700"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 sm:text-sm ${error ? "border-red-500" : "border-brand-100"}`}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-brand-900/70">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center py-6 text-center">
      <CheckCircle2 aria-hidden className="h-12 w-12 text-green-700" />
      <p className="mt-4 text-base font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** The problem with the form as a whole, read out when it appears. */
export function FormProblem({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} role="alert" className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      {message}
    </p>
  );
}

export const submitButtonClass =
  "mt-6 inline-flex w-full items-center justify-center rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black disabled:cursor-wait disabled:opacity-70";
