// Generic pieces of the back office's look: dense, calm cards on a grey canvas.
import { ArrowLeft, Search } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { adminShell } from "../../../../domain/messages/admin.ts";
import { Field } from "../../form/field.tsx";

export const adminButton = {
  primary:
    "inline-flex items-center justify-center gap-1.5 rounded-md bg-gray-900 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-black focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 disabled:cursor-wait disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 shadow-sm hover:bg-gray-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 disabled:cursor-not-allowed disabled:opacity-50",
  /** The confirming button of a step that deletes or overwrites. */
  danger:
    "inline-flex items-center justify-center gap-1.5 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-wait disabled:opacity-60",
} as const;

/** The search box of a list screen: a field like any other, its label read (the icon, placeholder
 * and button show what it is for). */
type AdminSearchFieldProps = { id?: string; label: string; placeholder: string; value: string; maxLength: number; hint?: string };

export function AdminSearchField({ id, label, placeholder, value, maxLength, hint }: AdminSearchFieldProps) {
  const shows = useShowsValue<HTMLInputElement>(value);
  return (
    <Field
      ref={shows}
      density="compact"
      hideLabel
      className="min-w-0 flex-1"
      id={id}
      label={label}
      prefix={<Search className="h-4 w-4" />}
      type="search"
      name="search"
      defaultValue={value}
      placeholder={placeholder}
      maxLength={maxLength}
      hint={hint}
      // The spec's placeholders are long: on a phone they are set smaller rather than cut off.
      controlClassName="max-sm:placeholder:text-xs"
    />
  );
}

/**
 * Beside a list's search button while a search narrows the list, and under a search that found
 * nothing: back to the list without it. Its border (transparent) and padding are a button's, so
 * its text lines up with the button's beside it.
 */
export function ClearSearchLink({ to }: { to: string }) {
  return (
    <Link to={to} className="border border-transparent py-1.5 text-sm text-gray-700 underline underline-offset-2 hover:text-gray-900">
      {adminShell.clearSearch}
    </Link>
  );
}

/**
 * A list's search or filter control shows what the URL says (Back and Forward change it) without
 * being made anew: one made anew loses focus, and a keyboard user who had just pressed Enter or
 * picked the next status with an arrow key was left on the page's body.
 */
export function useShowsValue<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const control = useRef<E>(null);
  useEffect(() => {
    if (control.current && control.current.value !== value) control.current.value = value;
  }, [value]);
  return control;
}

/** The way back above a page ('Back to orders'): on a phone a 44 px target, not a 20 px line of text. */
export function AdminBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-1 text-sm text-gray-700 hover:text-gray-900 sm:min-h-0">
      <ArrowLeft aria-hidden className="h-4 w-4" />
      {children}
    </Link>
  );
}

export function AdminCard({ children, className = "", id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <section id={id} className={`rounded-lg border border-gray-200 bg-white shadow-sm ${className}`}>
      {children}
    </section>
  );
}

/**
 * A screen's title, its count badge and subtitle, and its actions. The subtitle sits under the
 * title, so on a phone, where the actions wrap below, it is not split from the title by them.
 */
export function PageHeader({ title, badge, subtitle, children }: { title: string; badge?: ReactNode; subtitle?: string; children?: ReactNode }) {
  return (
    <div className={`flex flex-wrap justify-between gap-3 ${subtitle ? "items-start" : "items-center"}`}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
          {badge !== undefined ? (
            <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">{badge}</span>
          ) : null}
        </div>
        {subtitle ? <p className="mt-1 text-sm text-gray-600">{subtitle}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/** A list with nothing to show: what that means, and (children) the way on from there. */
export function EmptyState({ title, note, icon, children }: { title: string; note?: string; icon?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 bg-white px-4 py-14 text-center">
      {icon}
      <h2 className="mt-3 text-base font-semibold text-gray-900">{title}</h2>
      {note ? <p className="mt-1 max-w-md text-sm text-gray-600">{note}</p> : null}
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}

/**
 * A route's error boundary for "no such record" (404): the page's title and the way back, inside
 * the admin layout. Anything else (a guest's login, a failure) goes on to the layout's boundary.
 */
export function NotFoundBoundary({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="mx-auto max-w-6xl space-y-3">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <Link to={backTo} className={adminButton.secondary}>
        {backLabel}
      </Link>
    </div>
  );
}
