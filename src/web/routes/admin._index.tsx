// PLACEHOLDER so this branch builds: the dashboard is built in another branch, whose file replaces this one.
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import type { Route } from "./+types/admin._index";
import { appContext, requestContext } from "../app-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  return null;
}

export default function AdminDashboardPlaceholder() {
  return <h1 className="text-xl font-semibold">Dashboard</h1>;
}
