// The pieces the account pages share (/auth, forgot password, reset password): the card they sit
// in, a labelled field with its hint and error, and a notice for a step that is done.
import { CheckCircle2 } from "../icons/check-circle-2.tsx";
import type { ReactNode } from "react";

export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-xl border border-brand-100 p-5 shadow-sm sm:p-8">{children}</div>
    </main>
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
