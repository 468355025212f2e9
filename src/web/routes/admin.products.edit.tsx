// /admin/products/:id/edit (admin.md section 2 "Edit (no action shown)": it works here): the
// product's fields and images, saved with the audit trail; the storefront shows the change at once.
import { CheckCircle2, ExternalLink } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { adminProductEditor } from "../../domain/messages/admin.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { getAdminProduct } from "../../server/admin/products/admin-products.server.ts";
import { saveProductChanges } from "../../server/admin/products/product-changes.server.ts";
import { formValuesOf, ProductEditor } from "../components/admin/products/product-editor.tsx";
import { useSavedToast } from "../components/admin/products/use-saved-toast.ts";
import { useReportSessionEnded } from "../components/admin/session-sign-in.tsx";
import { isDatabaseAwayAnswer } from "../lib/database-away.ts";
import { AdminBackLink, adminButton, NotFoundBoundary, PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { changedMeanwhileRefusal, readProductForm, uploadGoneRefusal, type ProductFormRefusal } from "../components/admin/products/product-form.server.ts";
import { getPriceSettings } from "../../server/settings/price-settings.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/admin.products.edit";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => adminHead(loaderData ? `${adminProductEditor.editTitle}: ${loaderData.product.name}` : adminProductEditor.notFound, matches);

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  const db = context.get(appContext).db;
  const [product, { markupPercent }] = await Promise.all([getAdminProduct(db, params.id), getPriceSettings(db)]);
  if (!product) throw data(null, { status: 404 });
  const saved = url.searchParams.get("saved");
  return { product, markupPercent, saved: saved === "created" ? adminProductEditor.created : saved === "updated" ? adminProductEditor.saved : null };
}

export type ProductSaveAnswer = ProductFormRefusal | { saved: true; updatedAt: string; changed: boolean };

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { admin, ended } = await requireAdminAction(app, request, context.get(requestContext).setCookie);
  if (ended) return ended;
  const read = readProductForm(await readAdminForm(request));
  if (!read.ok) return read.response;
  const saved = await saveProductChanges(app, admin, params.id, read.input, read.seen);
  if (!saved) throw data(null, { status: 404 });
  if (saved.outcome === "changed-meanwhile") return changedMeanwhileRefusal(read.input, read.seen, saved);
  if (saved.outcome === "upload-gone") return uploadGoneRefusal(read.values);
  return { saved: true as const, updatedAt: saved.product.updatedAt, changed: saved.changed };
}

/** After a save refused because someone else changed the product, the page shows it as it is now (React Router would skip a 4xx). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const answer = actionResult as Partial<ProductFormRefusal> | undefined;
  return answer?.changedMeanwhile === true ? true : defaultShouldRevalidate;
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const refusal = actionData && "errors" in actionData ? actionData : null;
  const answer = actionData && "saved" in actionData ? actionData : null;
  // A save after the session ended: the form keeps what was typed, and the shell asks to sign in.
  useReportSessionEnded(actionData);
  useSavedToast(answer, loaderData.saved);
  // A save remakes the form from the product as saved (its key), and the control that had the focus
  // goes with the old one, leaving it on <body>: the new form's Save button takes it. The answer
  // and the product as saved may be shown one render apart, so either can be the one that remakes it.
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (answer && (active === null || active === document.body)) save.current?.focus();
  }, [answer, product.updatedAt]);
  // Without JavaScript there is no toast: the page the save answered with says it instead (a page
  // of its own, so no live region is needed).
  const hydrated = useHydrated();
  const notice = hydrated ? null : answer ? adminProductEditor.saved : loaderData.saved;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <AdminBackLink to="/admin/products">{adminProductEditor.backToProducts}</AdminBackLink>
      <PageHeader title={adminProductEditor.editTitle}>
        <Link to={`/product/${product.id}`} className={adminButton.secondary}>
          <ExternalLink aria-hidden className="h-4 w-4" />
          View
        </Link>
      </PageHeader>
      {notice ? (
        <p className="flex items-center gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          <CheckCircle2 aria-hidden className="h-4 w-4" />
          {notice}
        </p>
      ) : null}
      <ProductEditor
        key={product.updatedAt}
        values={refusal?.values ?? formValuesOf(product, product)}
        serverErrors={refusal?.errors ?? null}
        // A save while the database was away: not saved, said above the form as typed.
        serverMessage={refusal?.message ?? (isDatabaseAwayAnswer(actionData) ? actionData.message : undefined)}
        submitLabel={adminProductEditor.save}
        cancelHref="/admin/products"
        markupPercent={loaderData.markupPercent}
        saveRef={save}
      />
    </div>
  );
}

/** A product deleted since, or an id that never was: said so inside the admin layout, with the way back. */
export function ErrorBoundary() {
  return <NotFoundBoundary title={adminProductEditor.notFound} backTo="/admin/products" backLabel={adminProductEditor.backToProducts} />;
}
