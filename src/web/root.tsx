import { useEffect, useLayoutEffect, useRef } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, type MetaDescriptor, type ShouldRevalidateFunctionArgs, useLocation, useMatches, useNavigationType, useRouteLoaderData } from "react-router";
import { emailForDisplay } from "../domain/email-display.ts";
import { initials } from "../domain/initials.ts";
import { readViewer } from "../server/auth/session.server.ts";
import { cartCount } from "../server/cart/cart.server.ts";
import { readCurrencyPreference } from "../server/preferences/currency-preference.server.ts";
import { getPriceSettings } from "../server/settings/price-settings.server.ts";
import { getPublicShopDetails, shopNameLastRead } from "../server/settings/shop-settings.server.ts";
import { shopShareTags } from "../server/seo/page-heads.server.ts";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce.tsx";
import type * as ScrollMemory from "./lib/scroll-memory.ts";
import { startNotingEarly } from "./lib/scroll-place.ts";
import { CartProvider } from "./components/cart/cart-context.tsx";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { LazyToaster } from "./components/toaster.tsx";
import { isBackOffice } from "./lib/back-office-path.ts";
import { pageHead } from "./lib/seo.ts";
import { DEFAULT_SHOP_NAME } from "../domain/shop-details.ts";
import { useMarkDocumentHydrated } from "./lib/use-hydrated.ts";
import { EARLY_PRESS_SCRIPT } from "./lib/early-press.ts";
import { useShopLinkNavigation } from "./components/shop-link.tsx";
import { ErrorScreen, NotFoundMessage } from "./components/error-screens.tsx";
import { appContext, requestContext } from "./app-context.ts";

// A 404 thrown by any route ends at this file's ErrorBoundary, whose head is this meta: without
// the error case the not-found page kept the shop's default title.
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  const shopName = loaderData?.shopName ?? DEFAULT_SHOP_NAME;
  return isRouteErrorResponse(error) && error.status === 404 ? pageHead({ title: "Page not found", noIndex: true }, shopName) : pageHead({}, shopName);
};

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (isBackOffice(url.pathname)) {
    // Prices, the shopper's session and cart are the shop's header; the admin guard reads the
    // session itself, so an admin page costs one session read, not two.
    return { origin: context.get(appContext).config.publicUrl, shopName: null, prices: null, viewer: null, cartCount: 0, social: [], tags: undefined };
  }
  // A form's page drawn while the database is away (src/host/outages.ts): the shop's frame without
  // what the database holds (the name as this process last read it, prices in pounds, no account or
  // cart count), so the form and what was typed in it can be shown again.
  if (context.get(requestContext).formAnsweredWhileDatabaseAway()) {
    const { config, db } = context.get(appContext);
    return { origin: config.publicUrl, shopName: shopNameLastRead(db), prices: null, viewer: null, cartCount: 0, social: [], tags: undefined };
  }
  const [settings, viewer, shop] = await Promise.all([
    getPriceSettings(context.get(appContext).db),
    readViewer(context.get(appContext), request.headers, context.get(requestContext).setCookie),
    getPublicShopDetails(context.get(appContext).db, context.get(appContext).config),
  ]);
  return {
    origin: context.get(appContext).config.publicUrl,
    // The header, the footer and every page's title name the shop as Settings has it.
    shopName: shop.shopName,
    prices: {
      currency: readCurrencyPreference(request) ?? settings.currency,
      exchangeRate: settings.exchangeRate,
    },
    viewer: viewer
      ? // The header names the shopper by the address only as they read it (a domain in its own script).
        { firstName: viewer.firstName, lastName: viewer.lastName, email: emailForDisplay(viewer.email), initials: initials(viewer.firstName, viewer.lastName, viewer.email) }
      : null,
    // The signed-in count is right on the first response; a guest's lives in the browser.
    cartCount: viewer ? await cartCount(context.get(appContext).db, viewer.userId) : 0,
    // The footer's social links, as set on /admin/settings (none until the owner adds them).
    social: shop.social,
    // The footer's year, the server's: a browser's own clock read a year apart around New Year
    // (another time zone) and the page failed to hydrate.
    year: new Date().getFullYear(),
    // The policy pages' share picture (/share/shop.jpg) and locale; written here, on the server.
    tags: shopShareTags(context.get(appContext).config.publicUrl, shop.shopName) as MetaDescriptor[] | undefined,
  };
}

/**
 * Root data (prices, who is signed in, the cart count) changes only after a mutation or an
 * explicit revalidation (another tab changed the cart), not on plain link navigation.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== "GET") return defaultShouldRevalidate;
  // Leaving the back office for the shop needs the shop's root data, which admin pages skip.
  if (isBackOffice(currentUrl.pathname) !== isBackOffice(nextUrl.pathname)) return true;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Marks the document once React has hydrated it (this effect runs after every effect below it,
  // so the page's handlers and listeners are in place). Browser journeys wait for it before they
  // press anything: until then a button is a plain form post or nothing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useMarkDocumentHydrated();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any control: a press while the page's scripts are still on their way is kept. The
            server's page only: React 19 hydrates past a script it did not render in the head, so
            the browser's bundle does not carry its text. */}
        {import.meta.env.SSR ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_PRESS_SCRIPT }} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-brand-900 antialiased">
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Link navigation starts at the top of the new page, or at the part a #hash names
 * (/size-guide#jackets); Back and Forward return to where the page was left; a sort or filter
 * change (KEEP_SCROLL, lib/keep-scroll.ts) re-arranges the page being looked at, so the shopper
 * stays where they are (in the back office, so does a form answered on its own page). The work
 * is in lib/scroll-memory.ts, kept out of the page's first load; before the paint, so a page is
 * not first seen at the wrong place.
 */
// Fetched as this module starts, not once the page has hydrated: a shopper who scrolled and
// followed a link before it arrived came Back to wherever the browser put them (a busy device).
// Until it has, a press notes the place it leaves (lib/scroll-place.ts).
if (typeof document !== "undefined") startNotingEarly();
const scrollMemory = typeof document === "undefined" ? null : import("./lib/scroll-memory.ts");

function ScrollOnNavigate() {
  const { hash, state, key } = useLocation();
  const back = useNavigationType() === "POP";
  const keep = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  const memory = useRef<typeof ScrollMemory | null>(null);
  // The page shown when the memory arrives, which may no longer be the first, and whether the
  // shopper came back to it (Back before the memory arrived: it takes them to the place then).
  const shown = useRef(key);
  const returned = useRef(false);
  useEffect(() => {
    void scrollMemory?.then((loaded) => {
      memory.current ??= (loaded.startScrollMemory(shown.current, returned.current), loaded);
    });
  }, []);
  useLayoutEffect(() => {
    returned.current = back && shown.current !== key;
    shown.current = key;
    if (memory.current) memory.current.arriveAt(key, { back, keep, hash });
    else if (!back && !keep) window.scrollTo(0, 0);
    // A new history entry is a new key; its other values come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}

/**
 * After a client-side move to another page, focus goes to the new page's heading, as a full page
 * load would start a screen reader at the top: otherwise focus stayed on the link just clicked,
 * which is gone. A field a page focused on purpose keeps its focus.
 */
function FocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (document.activeElement?.matches("input,select,textarea")) return;
    // The first heading drawn: the home page has one for phones and one for larger screens, the
    // other hidden, and a hidden one cannot take the focus (it stayed on <body> after signing in,
    // and on the logo).
    const heading = Array.from(document.querySelectorAll<HTMLElement>("#main h1")).find((candidate) => candidate.getClientRects().length > 0);
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

function Chrome({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useShopLinkNavigation();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <CartProvider signedIn={Boolean(data?.viewer)} serverCount={data?.cartCount ?? 0}>
        <SiteHeader viewer={data?.viewer ?? null} shopName={data?.shopName ?? DEFAULT_SHOP_NAME} />
        <div id="main" className="flex-1">
          {children}
        </div>
        <FocusHeadingOnNavigate />
        <SiteFooter social={data?.social ?? []} shopName={data?.shopName ?? DEFAULT_SHOP_NAME} year={data?.year} />
      </CartProvider>
      <LazyToaster />
    </>
  );
}

/**
 * The back office draws its own layout, without the shop's header and footer. Its layout route
 * says so in its `handle`, so nothing here names an admin module (storefront bundles stay clean).
 */
function useInAdmin(): boolean {
  return useMatches().some((match) => (match.handle as { ownLayout?: boolean } | undefined)?.ownLayout === true);
}

export default function App() {
  const page = (
    <>
      <ScrollOnNavigate />
      <Outlet />
    </>
  );
  if (useInAdmin()) {
    return (
      <>
        {page}
        <LazyToaster backOffice />
      </>
    );
  }
  return <Chrome>{page}</Chrome>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Chrome>
        <NotFoundMessage />
      </Chrome>
    );
  }
  if (import.meta.env.DEV) console.error(error);
  // A form sent as something else than a form is refused with a 4xx and a plain reason: say it.
  const refusal = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" ? error.data : undefined;
  return <ErrorScreen message={refusal} />;
}
