import { Link } from "react-router";
import { categoryPath } from "../../domain/categories.ts";
import { navigation } from "../../domain/messages/layout.ts";
import { HOME_PRIORITY_IMAGES } from "../../domain/pagination.ts";
import { listHomeSections } from "../../server/catalog/catalog.server.ts";
import { homeHeadTags } from "../../server/seo/page-heads.server.ts";
import { getPublicShopDetails } from "../../server/settings/shop-settings.server.ts";
import { HydrateWhenVisible } from "../components/hydrate-when-visible.tsx";
import { ProductGrid } from "../components/product-grid.tsx";
import { pageHead, rootHead } from "../lib/seo.ts";
import type { Route } from "./+types/home";
import { appContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const { origin, shopName } = rootHead(matches);
  return pageHead({ canonicalUrl: origin ? `${origin}/` : undefined, tags: loaderData?.headTags }, shopName);
};

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [sections, shop] = await Promise.all([listHomeSections(app.db), getPublicShopDetails(app.db, app.config)]);
  // The shop's share picture and its schema.org WebSite and OnlineStore (server code only).
  return { sections, headTags: homeHeadTags(app.config.publicUrl, shop) };
}

/** Mobile-only hero (storefront.md section 2 "Home"), Shop Now leads to the suits. */
function MobileHero() {
  return (
    <section className="-mx-4 mb-2 bg-gradient-to-br from-brand-900 to-brand-700 px-6 py-12 text-white md:hidden">
      <p className="text-xs uppercase tracking-[0.2em] text-white/70">New season tailoring</p>
      <h1 className="mt-3 font-serif text-3xl font-semibold leading-tight">Dressed for every occasion</h1>
      <p className="mt-3 text-sm text-white/80">Suits, kaftans and traditional wear, cut with care and shipped worldwide.</p>
      <Link to={categoryPath("suits")} className="mt-6 inline-block rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-brand-900">
        {navigation.shopNow}
      </Link>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4">
      <MobileHero />
      <h1 className="hidden pt-8 font-serif text-3xl font-semibold md:block">Premium men's fashion</h1>
      {loaderData.sections.map((section, sectionIndex) => (
        <section
          key={section.category}
          aria-labelledby={`section-${sectionIndex}`}
          data-scroll-anchor={section.category}
          className={sectionIndex === 0 ? "py-8" : "render-when-near py-8"}
        >
          <div className="mb-5 flex flex-wrap items-end justify-between gap-x-4">
            <h2 id={`section-${sectionIndex}`} className="font-serif text-2xl font-semibold">
              {section.title}
            </h2>
            <Link
              to={categoryPath(section.category)}
              className="tap-target shrink-0 text-sm font-medium text-brand-700 hover:underline"
              aria-label={`${navigation.viewAll}: ${section.title}`}
            >
              {navigation.viewAll}
            </Link>
          </div>
          {section.products.length === 0 ? (
            <p className="text-sm text-brand-900/70">New pieces arriving soon.</p>
          ) : (
            <HydrateWhenVisible id={`home-${section.category}`}>
              <ProductGrid products={section.products} priorityCount={sectionIndex === 0 ? HOME_PRIORITY_IMAGES : 0} />
            </HydrateWhenVisible>
          )}
        </section>
      ))}
    </main>
  );
}
