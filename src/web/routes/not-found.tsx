import { Link } from "react-router";
import { general } from "../../domain/messages/layout.ts";
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

export function NotFoundMessage() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{general.notFoundTitle}</h1>
      <Link to="/" className="mt-8 rounded-md bg-brand-900 px-5 py-2.5 text-sm font-medium text-white hover:bg-black">
        {general.backHome}
      </Link>
    </main>
  );
}
