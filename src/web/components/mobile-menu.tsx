import { useEffect, useRef, type RefObject } from "react";
import { NavLink, useLocation } from "react-router";
import { CATEGORIES } from "../../domain/categories.ts";
import { navigation } from "../../domain/messages/layout.ts";
import { signInHref } from "../../domain/redirect.ts";
import { CurrencySwitch } from "./currency-switch.tsx";
import { HeaderSearch } from "./search/header-search.tsx";
import { linkClass, type HeaderViewer } from "./site-header.tsx";

const mobileLink = ({ isActive }: { isActive: boolean }) => `block py-2.5 ${linkClass({ isActive })}`;

export type MobileMenuProps = {
  viewer: HeaderViewer | null;
  /** The header's menu button: Escape gives it the focus back. */
  toggle: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
};

/**
 * The phone's menu, a chunk of its own that the header loads when its button is first pressed
 * (or pointed at, or focused): every page's first-load JavaScript would otherwise carry it.
 * While it is open, Escape closes it (focus back on its button), the page behind it does not
 * scroll, and what it covers is inert: Tab stays in the header and the menu, and a key cannot
 * change a control nobody can see (the sort under it).
 */
export function MobileMenu({ viewer, toggle, onClose }: MobileMenuProps) {
  const location = useLocation();
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = menu.current?.closest("header");
    const covered = [...(header?.parentElement?.children ?? [])].filter((element): element is HTMLElement => element !== header && element instanceof HTMLElement && !element.inert);
    for (const element of covered) element.inert = true;
    // The menu is for narrow screens (md:hidden, below 48.0625rem): a window widened past them (a
    // tablet turned) closes it, or the page would stay inert under a menu nobody sees.
    const wide = window.matchMedia("(min-width: 48.0625rem)");
    const closeWhenWide = () => wide.matches && onClose();
    wide.addEventListener("change", closeWhenWide);
    return () => {
      wide.removeEventListener("change", closeWhenWide);
      for (const element of covered) element.inert = false;
    };
  }, [onClose]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      toggle.current?.focus();
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [onClose, toggle]);

  return (
    // Opaque and as tall as the screen below the header, scrolling on its own.
    <nav ref={menu} id="mobile-menu" aria-label="Mobile" className="absolute inset-x-0 top-full h-[calc(100dvh-100%)] overflow-y-auto border-t border-brand-100 bg-white md:hidden">
      <HeaderSearch id="mobile-search" className="mx-4 mt-3" onNavigate={onClose} />
      <ul className="flex flex-col px-4 py-2 text-base">
        <li>
          <NavLink to="/" end onClick={onClose} className={mobileLink}>
            {navigation.home}
          </NavLink>
        </li>
        {CATEGORIES.map((category) => (
          <li key={category.value}>
            <NavLink to={`/category/${category.slug}`} onClick={onClose} className={mobileLink}>
              {category.label}
            </NavLink>
          </li>
        ))}
        <li className="mt-2 border-t border-brand-100 pt-2">
          {viewer ? (
            <NavLink to="/account/orders" onClick={onClose} className={mobileLink}>
              My orders
            </NavLink>
          ) : (
            <NavLink to={signInHref(location.pathname + location.search)} rel="nofollow" onClick={onClose} className={mobileLink}>
              {navigation.signIn}
            </NavLink>
          )}
        </li>
        <li>
          <NavLink to="/contact" onClick={onClose} className={mobileLink}>
            Contact Us
          </NavLink>
        </li>
        <li>
          <NavLink to="/faq" onClick={onClose} className={mobileLink}>
            FAQ
          </NavLink>
        </li>
        <li className={`mt-2 flex items-center justify-between border-t border-brand-100 pt-3 ${viewer ? "min-[26.875rem]:hidden" : "min-[23.875rem]:hidden"}`}>
          <span className="text-brand-900/70">{navigation.currency}</span>
          <CurrencySwitch />
        </li>
      </ul>
    </nav>
  );
}
