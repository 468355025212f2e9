import { redirect } from "react-router";
import { signOut } from "../../server/auth/accounts.server.ts";
import { readFormData } from "../lib/form-data.ts";
import type { Route } from "./+types/auth.sign-out";
import { appContext } from "../app-context.ts";

// POST /auth/sign-out (storefront.md section 2: "Sign-out returns to /"). The session ends on the
// server; the answer clears the browser's cookie. `scope=everywhere` ends every session of the
// account, on every device.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request).catch(() => new FormData());
  const everywhere = form.get("scope") === "everywhere";
  const headers = new Headers();
  for (const cookie of await signOut(context.get(appContext), request.headers, { everywhere })) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

// Visiting the address signs nobody out (a link or a prefetch must not end a session).
export function loader() {
  return redirect("/");
}
