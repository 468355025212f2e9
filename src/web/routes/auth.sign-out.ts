import { redirect } from "react-router";
import { signOut } from "../../server/auth/accounts.server.ts";
import type { Route } from "./+types/auth.sign-out";
import { appContext } from "../app-context.ts";

// POST /auth/sign-out (storefront.md section 2: "Sign-out returns to /"). The session ends on the
// server; the answer clears the browser's cookie.
export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  for (const cookie of await signOut(context.get(appContext), request.headers)) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

// Visiting the address signs nobody out (a link or a prefetch must not end a session).
export function loader() {
  return redirect("/");
}
