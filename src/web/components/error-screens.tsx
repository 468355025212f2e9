import type { ReactNode } from "react";
import { Link } from "react-router";
import { general } from "../../domain/messages/layout.ts";

type NotFoundProps = { title?: string; body?: string; linkText?: string };

/**
 * A 404 in the shop's frame: the shop's 'Oops! Page not found' and a way home, or a page's own
 * words (the product page's 'Product not found'). One component, so every page that may not
 * find something ships only its texts.
 */
export function NotFoundMessage({ title = general.notFoundTitle, body, linkText = general.backHome }: NotFoundProps) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      {body ? <p className="mt-3 text-brand-900/70">{body}</p> : null}
      <Link to="/" className="mt-8 rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black">
        {linkText}
      </Link>
    </main>
  );
}

/**
 * Any other failure of a storefront page: the spec's message and a way to try again, or the
 * server's own reason when it refused the request (a refresh would not help then).
 */
export function ErrorScreen({ message = general.errorScreen }: { message?: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <h1 className="text-xl font-semibold">{message}</h1>
      <RefreshPageLink className="mt-6 rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black" />
    </main>
  );
}

/**
 * 'Refresh Page' as a plain link to the page shown (an empty address is the document's own, query
 * included), loaded whole by the browser. A button that reloads needs the page's JavaScript, which
 * an error screen drawn by the server may not have (JavaScript off, or not loaded yet); and after a
 * form's post a reload asks to send the form again, where this loads the page.
 */
export function RefreshPageLink({ className, children = general.refreshPage }: { className: string; children?: ReactNode }) {
  return (
    <a href="" className={className}>
      {children}
    </a>
  );
}
