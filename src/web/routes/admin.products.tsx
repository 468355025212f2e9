// /admin/products (admin.md section 2 "Admin Products page"). This branch builds only the Product
// URL Scraper card; the grid, filters, imports and editor arrive with the rest of the page.
import { adminProducts as texts } from "../../domain/messages/admin.ts";
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { ProductUrlScraper } from "../components/admin/scraper/product-url-scraper.tsx";
import { pageHead } from "../lib/seo.ts";
import type { Route } from "./+types/admin.products";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = () => pageHead({ title: texts.title, noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  return null;
}

export default function AdminProducts() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{texts.title}</h1>
        <p className="mt-1 text-sm text-gray-600">{texts.subtitle}</p>
      </header>
      <ProductUrlScraper />
    </div>
  );
}
