import { LogOut } from "./icons/log-out.tsx";
import { Menu } from "./icons/menu.tsx";
import { Package } from "./icons/package.tsx";
import { ShoppingBag } from "./icons/shopping-bag.tsx";
import { UserRound } from "./icons/user-round.tsx";
import { X } from "./icons/x.tsx";
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { CATEGORIES } from "../../domain/categories.ts";
import { cartBadgeText } from "../../domain/guest-cart.ts";
import { navigation } from "../../domain/messages/layout.ts";
import { signInHref } from "../../domain/redirect.ts";
import { useCart } from "./cart/cart-context.tsx";
import { CurrencySwitch } from "./currency-switch.tsx";
import type { MobileMenuProps } from "./mobile-menu.tsx";
import { HeaderSearch } from "./search/header-search.tsx";
import { ShopLink } from "./shop-link.tsx";
import { isActivePath } from "../lib/in-app-link.ts";
import { takeEarlyPress } from "../lib/early-press.ts";

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "font-semibold text-brand-900" : "text-brand-900/70 hover:text-brand-900";

/**
 * A link of the main navigation, marked when it is the page shown. The header reads the location
 * once for all of them: a `NavLink` each would read it, and resolve its path, eleven times over.
 */
function MainLink({ to, end, pathname, children }: { to: string; end?: boolean; pathname: string; children: ReactNode }) {
  const isActive = isActivePath(pathname, to, { end });
  return (
    <ShopLink to={to} className={linkClass({ isActive })} aria-current={isActive ? "page" : undefined}>
      {children}
    </ShopLink>
  );
}

export type HeaderViewer = { firstName: string; lastName: string; email: string; initials: string };

function CartLink() {
  const { count } = useCart();
  const badge = cartBadgeText(count);
  return (
    <ShopLink to="/cart" className="relative inline-flex items-center p-2.5" aria-label={count ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}>
      <ShoppingBag aria-hidden className="h-6 w-6" />
      {badge ? (
        <span
          data-testid="cart-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-semibold text-white"
        >
          {badge}
        </span>
      ) : null}
    </ShopLink>
  );
}

/** Signed out: a Sign In link that comes back here. Signed in: the initials avatar and Sign Out. */
function AccountControls({ viewer }: { viewer: HeaderViewer | null }) {
  const location = useLocation();
  if (!viewer) {
    return (
      // nofollow: each page links to its own /auth?redirect=… address, which crawlers need not
      // follow (half a crawl of the shop was sign-in pages).
      <ShopLink
        to={signInHref(`${location.pathname}${location.search}`)}
        rel="nofollow"
        className="inline-flex items-center gap-1.5 rounded-md p-3 text-sm font-medium hover:bg-brand-50 sm:p-2"
      >
        <UserRound aria-hidden className="h-5 w-5" />
        <span className="sr-only sm:not-sr-only">{navigation.signIn}</span>
      </ShopLink>
    );
  }
  const fullName = `${viewer.firstName} ${viewer.lastName}`.trim() || viewer.email;
  return (
    <div className="flex items-center gap-1">
      <span
        className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-900 text-xs font-semibold text-white"
        title={fullName}
        data-testid="account-avatar"
      >
        <span aria-hidden>{viewer.initials}</span>
        <span className="sr-only">Signed in as {fullName}</span>
      </span>
      {/* On a phone there is no room beside the cart: the mobile menu has the link. */}
      <ShopLink to="/account/orders" className="hidden items-center gap-1.5 rounded-md p-2 text-sm font-medium hover:bg-brand-50 sm:inline-flex">
        <Package aria-hidden className="h-5 w-5" />
        My orders
      </ShopLink>
      <Form method="post" action="/auth/sign-out">
        <button type="submit" className="inline-flex items-center gap-1.5 rounded-md p-3 text-sm font-medium hover:bg-brand-50 sm:p-2">
          <LogOut aria-hidden className="h-5 w-5 sm:hidden" />
          <span className="sr-only sm:not-sr-only">{navigation.signOut}</span>
        </button>
      </Form>
    </div>
  );
}

// The phone's menu is loaded when its button is first pressed, pointed at or focused (it is a
// chunk of its own: see mobile-menu.tsx).
let mobileMenuModule: Promise<ComponentType<MobileMenuProps>> | null = null;
/** The download failed (offline for a moment). A browser never fetches a module again after that. */
let mobileMenuFailed = false;
function loadMobileMenu(): Promise<ComponentType<MobileMenuProps>> {
  mobileMenuModule ??= import("./mobile-menu.tsx").then((module) => module.MobileMenu);
  mobileMenuModule.catch(() => (mobileMenuFailed = true));
  return mobileMenuModule;
}

const MENU_TOGGLE_ID = "mobile-menu-toggle";

export function SiteHeader({ viewer, shopName }: { viewer: HeaderViewer | null; shopName: string }) {
  const toggle = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [MobileMenu, setMobileMenu] = useState<ComponentType<MobileMenuProps> | null>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const loadMenu = () => {
    if (MobileMenu) return;
    loadMobileMenu().then(
      (component) => setMobileMenu(() => component),
      // Offline for a moment: the button reads 'Open menu' again; the next press reloads the page.
      () => setMenuOpen(false),
    );
  };
  // A press before the page's scripts ran is made again now (see early-press.ts).
  useEffect(() => {
    if (takeEarlyPress(MENU_TOGGLE_ID)) toggle.current?.click();
  }, []);
  const location = useLocation();

  return (
    <header className="sticky top-0 z-30 border-b border-brand-100 bg-white/95 backdrop-blur">
      {/* A narrower gap on a phone: signed in with a counted cart, the row needs every pixel of 390,
          and below 360 px (400% zoom, beside a scroll bar) narrower margins too. */}
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 max-[22.5rem]:px-3 sm:gap-4">
        <div className="flex min-w-0 items-center gap-2 max-[22.5rem]:gap-1">
          <button
            ref={toggle}
            id={MENU_TOGGLE_ID}
            data-early-press
            type="button"
            className="-ml-2.5 p-2.5 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onPointerEnter={loadMenu}
            onFocus={loadMenu}
            onClick={() => {
              // After a failed download only a fresh page can fetch the menu: the press loads it.
              if (mobileMenuFailed) return window.location.reload();
              // The press counts at once (the button says 'Close menu'); the menu shows as soon
              // as its chunk is here, usually already fetched by the pointer or focus before it.
              loadMenu();
              setMenuOpen((open) => !open);
            }}
          >
            {menuOpen ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
          </button>
          {/* A long name (Settings takes 80 characters) is cut with an ellipsis, never pushing the cart
              off a phone's row or squeezing out the search box; the whole name is its tooltip. */}
          <ShopLink to="/" title={shopName} className="min-w-0 truncate font-serif text-base font-bold tracking-tight sm:text-xl md:max-w-40 lg:max-w-64 xl:max-w-96">
            {shopName}
          </ShopLink>
        </div>
        <HeaderSearch id="site-search" className="hidden max-w-md min-w-40 flex-1 md:block" />
        <div className="flex shrink-0 items-center gap-1 sm:gap-3">
          {/* Below 382 px (an iPhone SE, a 360 px Android phone, 400% zoom) the row has no room
              for it beside the account controls and the cart: the mobile menu carries it there.
              Signed in, the initials and Sign Out take another 76 px: below 430 px (the common
              390 px phones) the switch would cut the shop's name to "Menswear S...". In rem, so
              a larger text size chosen in the browser moves the limit with it (at 200% the
              switch covered the menu button). The menu's own switch takes the same limits. */}
          <CurrencySwitch className={viewer ? "max-[26.875rem]:hidden" : "max-[23.875rem]:hidden"} />
          <AccountControls viewer={viewer} />
          <CartLink />
        </div>
      </div>
      <nav aria-label="Main" className="mx-auto hidden max-w-7xl px-4 pb-3 md:block">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <li>
            <MainLink to="/" end pathname={location.pathname}>
              {navigation.home}
            </MainLink>
          </li>
          {CATEGORIES.map((category) => (
            <li key={category.value}>
              <MainLink to={`/category/${category.slug}`} pathname={location.pathname}>
                {category.label}
              </MainLink>
            </li>
          ))}
        </ul>
      </nav>
      {menuOpen && MobileMenu ? <MobileMenu viewer={viewer} toggle={toggle} onClose={closeMenu} /> : null}
    </header>
  );
}
