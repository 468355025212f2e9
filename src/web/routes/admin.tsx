// PLACEHOLDER (branch i-admin2): the admin foundation branch's sidebar layout and admin login
// replace this file at merge. Here: a bare layout so the dashboard and customers screens render.
import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/admin";

export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-gray-50">
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const signIn = isRouteErrorResponse(error) && error.status === 401;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-xl font-semibold">{signIn ? "Sign in as an admin to continue." : "Something went wrong, please try refreshing the page"}</h1>
    </main>
  );
}
