import type { Route } from "./+types/api.auth";

// better-auth's own endpoints (sign-up, sign-in, sign-out, verify-email, ...).
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.app.auth.handler(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return context.app.auth.handler(request);
}
