import { CATEGORIES } from "../../domain/categories.ts";
import type { SocialLink } from "../../domain/shop-details.ts";
import { ShopLink } from "./shop-link.tsx";

const SUPPORT_LINKS = [
  { to: "/contact", label: "Contact Us" },
  { to: "/orders/lookup", label: "Track your order" },
  { to: "/returns", label: "Returns & Exchanges" },
  { to: "/size-guide", label: "Size Guide" },
  { to: "/faq", label: "FAQ" },
  { to: "/terms", label: "Terms of Sale" },
  { to: "/privacy", label: "Privacy" },
];

/** The shop's name and social links come from its settings (/admin/settings); a network left empty is not shown. */
export function SiteFooter({ social, shopName, year }: { social: readonly SocialLink[]; shopName: string; year?: number }) {
  return (
    <footer className="render-when-near mt-16 border-t border-brand-100 bg-brand-50 text-sm [--near-height:560px]">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-lg font-bold break-words">{shopName}</p>
          <p className="mt-2 text-brand-900/70">Premium menswear and traditional wear, tailored in the UK and shipped worldwide.</p>
        </div>
        <nav aria-label="Shop categories">
          <h2 className="font-semibold">Shop</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-brand-900/70">
            {CATEGORIES.map((category) => (
              <li key={category.value}>
                <ShopLink to={`/category/${category.slug}`} className="tap-target hover:text-brand-900">
                  {category.label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="font-semibold">Support</h2>
          <ul className="mt-3 space-y-2 text-brand-900/70">
            {SUPPORT_LINKS.map((link) => (
              <li key={link.to}>
                <ShopLink to={link.to} className="tap-target hover:text-brand-900">
                  {link.label}
                </ShopLink>
              </li>
            ))}
          </ul>
        </nav>
        {social.length > 0 ? (
          <nav aria-label="Social">
            <h2 className="font-semibold">Follow us</h2>
            <ul className="mt-3 space-y-2 text-brand-900/70">
              {social.map((link) => (
                <li key={link.network}>
                  <a href={link.href} rel="noopener noreferrer" target="_blank" className="tap-target hover:text-brand-900">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <p className="border-t border-brand-100 px-4 py-4 text-center text-xs text-brand-900/70">
        © {year} {shopName}. All prices include VAT where applicable.
      </p>
    </footer>
  );
}
