// /admin/products/new, Add Product (admin.md section 2: a button "with no action shown" in the
// old system; here it opens the editor). A saved product opens in the editor.
import { redirect } from "react-router";
import { adminProductEditor } from "../../domain/messages/admin.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { saveNewProduct } from "../../server/admin/products/product-changes.server.ts";
import { EMPTY_PRODUCT_FORM, ProductEditor } from "../components/admin/products/product-editor.tsx";
import { useReportSessionEnded } from "../components/admin/session-sign-in.tsx";
import { isDatabaseAwayAnswer } from "../lib/database-away.ts";
import { AdminBackLink, PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { readProductForm, uploadGoneRefusal } from "../components/admin/products/product-form.server.ts";
import { getPriceSettings } from "../../server/settings/price-settings.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.products.new";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(adminProductEditor.newTitle, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  const { markupPercent } = await getPriceSettings(context.get(appContext).db);
  return { markupPercent };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { admin, ended } = await requireAdminAction(app, request, context.get(requestContext).setCookie);
  if (ended) return ended;
  const read = readProductForm(await readAdminForm(request));
  if (!read.ok) return read.response;
  const saved = await saveNewProduct(app, admin, read.input);
  if (saved.outcome === "upload-gone") return uploadGoneRefusal(read.values);
  return redirect(`/admin/products/${saved.product.id}/edit?saved=created`);
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  // A save after the session ended: the form keeps what was typed, and the shell asks to sign in.
  useReportSessionEnded(actionData);
  const refusal = actionData && "errors" in actionData ? actionData : null;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <AdminBackLink to="/admin/products">{adminProductEditor.backToProducts}</AdminBackLink>
      <PageHeader title={adminProductEditor.newTitle} />
      <ProductEditor
        values={refusal?.values ?? EMPTY_PRODUCT_FORM}
        serverErrors={refusal?.errors ?? null}
        // A save while the database was away: not saved, said above the form as typed.
        serverMessage={refusal?.message ?? (isDatabaseAwayAnswer(actionData) ? actionData.message : undefined)}
        submitLabel={adminProductEditor.save}
        cancelHref="/admin/products"
        markupPercent={loaderData.markupPercent}
      />
    </div>
  );
}
