// Admin screens a later release builds (admin.md section 2: Products, Stripe, Discounts, Settings,
// Security): the sidebar links work now and say honestly that the screen is not there yet.
// One module, registered once per screen in routes.ts; each screen replaces its line when built.
import { Construction } from "lucide-react";
import { useLocation } from "react-router";
import { adminAccess, adminShell } from "../../domain/messages/admin.ts";
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { EmptyState, PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { pageHead } from "../lib/seo.ts";
import type { Route } from "./+types/admin.coming-soon";
import { appContext, requestContext } from "../app-context.ts";

const SCREENS: Record<string, string> = {
  products: adminAccess.products,
  stripe: adminAccess.stripe,
  discounts: adminAccess.discounts,
  settings: adminAccess.settings,
  security: adminShell.security,
};

function screenName(pathname: string): string {
  return SCREENS[pathname.split("/")[2] ?? ""] ?? adminShell.adminPanel;
}

export const meta: Route.MetaFunction = ({ location }) => pageHead({ title: screenName(location.pathname), noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  return null;
}

export default function ComingSoon() {
  const name = screenName(useLocation().pathname);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <PageHeader title={name} />
      <EmptyState
        icon={<Construction aria-hidden className="h-10 w-10 text-gray-500" />}
        title={adminShell.comingSoonTitle(name)}
        note={adminShell.comingSoonBody}
      />
    </div>
  );
}
