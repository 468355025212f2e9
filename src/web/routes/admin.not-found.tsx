// An address under /admin that no screen has: said so inside the back office, with the way back
// to the dashboard, rather than the storefront's 404 page that leaves the back office. Only an
// admin learns that much; anyone else meets the admin check first.
import { data } from "react-router";
import { adminShell } from "../../domain/messages/admin.ts";
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { NotFoundBoundary } from "../components/admin/ui/admin-ui.tsx";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.not-found";
import { appContext, requestContext } from "../app-context.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(adminShell.pageNotFound, matches);

async function notFound({ request, context }: Route.LoaderArgs | Route.ActionArgs): Promise<never> {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  throw data(null, { status: 404 });
}

export const loader = notFound;
export const action = notFound;

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary() {
  return <NotFoundBoundary title={adminShell.pageNotFound} backTo="/admin" backLabel={adminShell.backToDashboard} />;
}
