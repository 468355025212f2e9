import { Link } from "react-router";
import { categoryPath } from "../../domain/categories.ts";
import { navigation } from "../../domain/messages.ts";
import { listHomeSections } from "../../server/catalog/catalog.server.ts";
import { ProductCard } from "../components/product-card.tsx";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { sections: await listHomeSections(context.app.db) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4">
      {loaderData.sections.map((section, sectionIndex) => (
        <section key={section.category} aria-labelledby={`section-${sectionIndex}`} className="py-8">
          <div className="mb-4 flex items-end justify-between">
            <h2 id={`section-${sectionIndex}`} className="font-serif text-2xl font-semibold">
              {section.title}
            </h2>
            <Link to={categoryPath(section.category)} className="text-sm font-medium text-brand-700 hover:underline">
              {navigation.viewAll}
            </Link>
          </div>
          {section.products.length === 0 ? (
            <p className="text-sm text-brand-900/60">New pieces arriving soon.</p>
          ) : (
            <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
              {section.products.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} priority={sectionIndex === 0 && index < 4} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </main>
  );
}
