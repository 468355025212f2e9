// admin.md sections 2 and 6: the Stripe page's own check. A signed-in non-admin sees this, with
// no shop data loaded, instead of being sent away.
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { adminAccess } from "../../../domain/messages/admin.ts";

export function AccessDenied() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-4 text-center" data-access-denied>
      <ShieldAlert aria-hidden className="h-12 w-12 text-red-600" />
      <h1 className="mt-4 text-xl font-semibold text-gray-900">{adminAccess.accessDeniedTitle}</h1>
      <p className="mt-2 max-w-sm text-sm text-gray-700">{adminAccess.accessDeniedBody}</p>
      <Link to="/" className="mt-6 text-sm font-medium text-gray-900 underline underline-offset-2">
        {adminAccess.backToStore}
      </Link>
    </main>
  );
}
