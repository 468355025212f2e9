import { isRouteErrorResponse, Link, Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration } from "react-router";
import { CATEGORIES } from "../domain/categories.ts";
import { general, navigation } from "../domain/messages.ts";
import "./app.css";
import { useNonce } from "./components/nonce.tsx";
import type { Route } from "./+types/root";
import { NotFoundMessage } from "./routes/not-found.tsx";

export const SHOP_NAME = "Menswear Shop";

export const meta: Route.MetaFunction = () => [
  { title: `${SHOP_NAME} | Premium Men's Fashion` },
  { name: "description", content: "Premium men's fashion: suits, blazers, shirts, shoes, ties, kaftans, traditional wear, denim and accessories, delivered across the UK and worldwide." },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-brand-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SiteHeader() {
  return (
    <header className="border-b border-brand-100 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4">
        <Link to="/" className="font-serif text-xl font-bold tracking-tight">
          {SHOP_NAME}
        </Link>
      </div>
      <nav aria-label="Categories" className="mx-auto max-w-7xl overflow-x-auto px-4 pb-3">
        <ul className="flex gap-5 whitespace-nowrap text-sm">
          <li>
            <NavLink to="/" end className={({ isActive }) => (isActive ? "font-semibold" : "text-brand-900/70 hover:text-brand-900")}>
              {navigation.home}
            </NavLink>
          </li>
          {CATEGORIES.map((category) => (
            <li key={category.value}>
              <NavLink
                to={`/category/${category.slug}`}
                className={({ isActive }) => (isActive ? "font-semibold" : "text-brand-900/70 hover:text-brand-900")}
              >
                {category.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-brand-100 bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm text-brand-900/70">
        © {new Date().getFullYear()} {SHOP_NAME}. Prices in pounds sterling.
      </div>
    </footer>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <SiteHeader />
        <NotFoundMessage />
      </>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <h1 className="text-xl font-semibold">{general.errorScreen}</h1>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black"
      >
        {general.refreshPage}
      </button>
    </main>
  );
}
