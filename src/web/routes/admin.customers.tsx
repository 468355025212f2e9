// PLACEHOLDER so this branch builds: the customers screen is built in another branch, whose file replaces this one.
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import type { Route } from "./+types/admin.customers";
import { appContext, requestContext } from "../app-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  return null;
}

export default function AdminCustomersPlaceholder() {
  return <h1 className="text-xl font-semibold">Customers</h1>;
}
