// While the database is away the JSON API answers 503 in its own error shape with Retry-After, as
// pages do: the shop's pages then say "try again in a moment" (not "no response from the checkout
// service"), and a load balancer reads a pause, not a fault. A route that reads the session gets
// this from the session read; this covers every other API route, in one place.
import type { ServerBuild } from "react-router";
import { isDatabaseUnavailable, serviceUnavailableResponse } from "../server/db/database-errors.server.ts";

type Handler = (args: unknown) => unknown;

function answeringOutages(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw serviceUnavailableResponse();
      throw error;
    }
  };
}

export function apiOutagesAs503(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route?.path?.startsWith("api/")) return [id, route];
      const module: Record<string, unknown> = { ...route.module };
      for (const key of ["loader", "action"]) if (typeof module[key] === "function") module[key] = answeringOutages(module[key] as Handler);
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes: routes as ServerBuild["routes"] };
}
