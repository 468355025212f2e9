// The admin sidebar layout (admin.md section 2 "Route table"): Dashboard, Products, Orders,
// Stripe, Discounts, Customers, Settings and Security, and Logout. Below the lg breakpoint the
// sidebar collapses into a menu opened from the top bar. A skip link comes first, so a keyboard
// does not tab through the whole sidebar on every page to reach the page itself.
import { CreditCard, LayoutDashboard, LogOut, Menu, Package, Percent, Settings, ShieldCheck, ShoppingBag, Users, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { adminAccess, adminShell } from "../../../domain/messages/admin.ts";
import { emailForDisplay } from "../../../domain/email-display.ts";
import { SessionSignIn } from "./session-sign-in.tsx";
import { LeaveGuard } from "./ui/leave-guard.tsx";

const LINKS = [
  { to: "/admin", label: adminAccess.dashboard, icon: LayoutDashboard, end: true },
  { to: "/admin/products", label: adminAccess.products, icon: Package },
  { to: "/admin/orders", label: adminAccess.orders, icon: ShoppingBag },
  { to: "/admin/stripe", label: adminAccess.stripe, icon: CreditCard },
  { to: "/admin/discounts", label: adminAccess.discounts, icon: Percent },
  { to: "/admin/customers", label: adminAccess.customers, icon: Users },
  { to: "/admin/settings", label: adminAccess.settings, icon: Settings },
  { to: "/admin/security", label: adminShell.security, icon: ShieldCheck },
] as const;

function SidebarNav({ email, mustEnrol }: { email: string; mustEnrol: boolean }) {
  // Until an admin who must use two-factor sign-in has set it up, only Settings opens.
  const links = mustEnrol ? LINKS.filter((link) => link.to === "/admin/settings") : LINKS;
  return (
    <nav aria-label="Admin" className="flex h-full flex-col">
      <ul className="space-y-0.5">
        {links.map(({ to, label, icon: Icon, ...rest }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={"end" in rest}
              className={({ isActive }) =>
                `flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium ${isActive ? "bg-gray-200 text-gray-900" : "text-gray-700 hover:bg-gray-100 hover:text-gray-900"}`
              }
            >
              <Icon aria-hidden className="h-4 w-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto border-t border-gray-200 pt-3">
        <p className="truncate px-2.5 text-xs text-gray-600" title={emailForDisplay(email)}>
          {emailForDisplay(email)}
        </p>
        <Form method="post" action="/admin" className="mt-1">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="flex w-full items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900">
            <LogOut aria-hidden className="h-4 w-4" />
            {adminAccess.logout}
          </button>
        </Form>
      </div>
    </nav>
  );
}

/**
 * A screen reader hears nothing when a link opens another back-office page, and the focus stays on
 * the link (or falls to the top when the link is gone): the new page's heading takes the focus, so
 * it is read and the next Tab goes on from there. Not on the first page, not for a link to a place
 * in a page (#…), and never away from a field the page itself focused.
 */
function useFocusOnNewPage(pathname: string, toPlace: boolean) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!toPlace) focusHeadingIfLeftBehind();
  }, [pathname, toPlace]);
  // The first page after a sign-in is a new page too: the login it replaces took the focus with it.
  useEffect(() => {
    if (!signingIn) return;
    signingIn = false;
    focusHeadingIfLeftBehind();
  }, []);
}

function focusHeadingIfLeftBehind() {
  const active = document.activeElement;
  const leftBehind = active === null || active === document.body || active.closest("nav") !== null;
  const heading = document.querySelector<HTMLElement>("#main h1");
  if (!leftBehind || !heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

// Set as the admin login is sent: when it succeeds the shell appears in its place, and its first
// page is then a new page, not the page the document opened with. A refused try leaves it set
// until a later one succeeds, which is the shell's next appearance anyway.
let signingIn = false;

/** The admin login calls this as it sends its form (see useFocusOnNewPage). */
export function expectPageAfterSignIn() {
  signingIn = true;
}

/** Whose back office this is: the shop's name as Settings has it, then 'Admin'. */
function FrameTitle({ shopName, className }: { shopName: string; className: string }) {
  return (
    <p className={`flex min-w-0 items-baseline gap-1.5 ${className}`}>
      <span className="truncate text-sm font-semibold text-gray-900" title={shopName}>
        {shopName}
      </span>
      <span className="shrink-0 text-xs text-gray-600">{adminShell.adminPanel}</span>
    </p>
  );
}

/**
 * An owner must never ship an order believing it was paid when the shop takes no money: while the
 * built-in test provider takes the payments (the default without Stripe keys), every admin page
 * says so.
 */
export function AdminShell({
  email,
  shopName,
  mustEnrol = false,
  testPayments = false,
  children,
}: {
  email: string;
  shopName: string;
  mustEnrol?: boolean;
  testPayments?: boolean;
  children: ReactNode;
}) {
  // The menu is open for one address: following a link in it closes it, and Back to the address
  // it was opened on does not open it again.
  const location = useLocation();
  const here = location.pathname + location.search;
  const [openAt, setOpenAt] = useState<string | null>(null);
  if (openAt !== null && openAt !== here) setOpenAt(null);
  const menuOpen = openAt === here;
  const toggle = useRef<HTMLButtonElement>(null);
  useFocusOnNewPage(location.pathname, Boolean(location.hash));
  return (
    // White on paper: printed with background graphics, the grey ran under and below a packing slip.
    <div
      className="min-h-screen bg-gray-50 text-gray-900 lg:pl-56 print:bg-white print:pl-0"
      // Escape closes the open menu, as it closes the shop's dialogs, and the focus goes back to its button.
      onKeyDown={(event) => {
        if (menuOpen && event.key === "Escape") {
          setOpenAt(null);
          toggle.current?.focus();
        }
      }}
    >
      {/* The storefront's skip link, in the back office's colours. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-sm focus:font-medium focus:text-gray-900 focus:shadow-md focus:outline focus:outline-2 focus:outline-gray-900 print:hidden"
      >
        {adminShell.skipToContent}
      </a>
      <header className="sticky top-0 z-30 flex h-12 items-center justify-between border-b border-gray-200 bg-white px-3 lg:hidden print:hidden">
        <FrameTitle shopName={shopName} className="mr-2" />
        <button
          ref={toggle}
          type="button"
          onClick={() => setOpenAt(menuOpen ? null : here)}
          aria-expanded={menuOpen}
          aria-controls="admin-mobile-menu"
          className="flex h-9 w-9 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100"
        >
          {menuOpen ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
          <span className="sr-only">{menuOpen ? adminShell.closeMenu : adminShell.openMenu}</span>
        </button>
      </header>
      {menuOpen ? (
        <div id="admin-mobile-menu" className="fixed inset-x-0 bottom-0 top-12 z-20 overflow-y-auto border-b border-gray-200 bg-white p-3 lg:hidden print:hidden">
          <SidebarNav email={email} mustEnrol={mustEnrol} />
        </div>
      ) : null}
      <aside className="fixed inset-y-0 left-0 z-20 hidden w-56 flex-col overflow-y-auto border-r border-gray-200 bg-white p-3 lg:flex print:hidden">
        <FrameTitle shopName={shopName} className="mb-4 px-2.5 pt-1" />
        <SidebarNav email={email} mustEnrol={mustEnrol} />
      </aside>
      {/* tabIndex -1: the skip link moves the focus here, and the next Tab goes on into the page. */}
      <main id="main" tabIndex={-1} className="min-w-0 p-3 focus:outline-none sm:p-6 print:p-0">
        {testPayments ? (
          <p role="note" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-xs break-words text-amber-950 sm:text-sm print:hidden" data-testid="test-payments">
            {adminShell.testPayments}
          </p>
        ) : null}
        {children}
      </main>
      <SessionSignIn email={email} />
      <LeaveGuard />
    </div>
  );
}
