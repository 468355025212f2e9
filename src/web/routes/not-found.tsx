import { NotFoundMessage } from "../components/error-screens.tsx";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }];

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

// A form posted to an address that does not exist is a 404 too, not the router's 405.
export const action = loader;

export default function NotFound() {
  return <NotFoundMessage />;
}
