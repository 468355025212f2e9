// /admin/products (admin.md section 2 "Admin Products page"). For now the header and the seed
// imports; the product grid and editor join this page from their own branch.
import { adminProducts as texts } from "../../domain/messages/admin.ts";
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { seedImportJobs } from "../../server/admin/imports/seed-import-admin.server.ts";
import { SeedImports } from "../components/admin/imports/seed-imports.tsx";
import { pageHead } from "../lib/seo.ts";
import type { Route } from "./+types/admin.products";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = () => pageHead({ title: texts.title, noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdminPage(app, request, context.get(requestContext).setCookie);
  // Imports still running (or the last bulk upload), so their progress survives a reload.
  return { importJobs: await seedImportJobs(app.db) };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{texts.title}</h1>
        <p className="mt-1 text-sm text-gray-600">{texts.subtitle}</p>
      </header>
      <SeedImports jobs={loaderData.importJobs} />
    </div>
  );
}
