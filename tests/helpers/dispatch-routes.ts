// An in-process dispatcher over src/web/routes.ts for integration tests: finds the route module
// for a path, runs its loader (GET) or action, and answers as a Response. The production server
// hands the security probes React Router's own handler instead (src/host/server.ts); this one
// lets the probes run against the same route modules without a build.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouterContextProvider } from "react-router";
import routes from "../../src/web/routes.ts";

type Found = { pattern: string; file: string };

function flatten(entries: RouteConfigEntry[], parent = ""): Found[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent || "/" : `${parent}/${entry.path ?? ""}`.replace(/\/+$/, "") || "/";
    return [...flatten(entry.children ?? [], pattern), ...(entry.index || entry.path !== undefined ? [{ pattern, file: entry.file }] : [])];
  });
}

const ROUTES = flatten(routes).filter(({ pattern }) => !pattern.includes("*"));

function match(pathname: string): { file: string; params: Record<string, string> } | null {
  const parts = pathname.replace(/\/+$/, "").split("/");
  for (const route of ROUTES) {
    const names = route.pattern.split("/");
    const optional = names.filter((name) => name.endsWith("?")).length;
    if (parts.length > names.length || parts.length < names.length - optional) continue;
    const params: Record<string, string> = {};
    const ok = names.every((name, index) => {
      const part = parts[index];
      if (name.startsWith(":")) {
        if (part === undefined) return name.endsWith("?");
        params[name.slice(1).replace(/\?$/, "")] = decodeURIComponent(part);
        return true;
      }
      return part === name;
    });
    if (ok) return { file: route.file, params };
  }
  return null;
}

async function toResponse(value: unknown, thrown: boolean): Promise<Response> {
  if (value instanceof Response) return value;
  const shaped = value as { data?: unknown; init?: ResponseInit | null; type?: string } | null;
  if (shaped && typeof shaped === "object" && shaped.type === "DataWithResponseInit") {
    return Response.json(shaped.data ?? null, { status: shaped.init?.status ?? (thrown ? 500 : 200), headers: shaped.init?.headers });
  }
  if (thrown) throw value;
  return Response.json(value ?? null);
}

type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

export function routeDispatcher(context: RouterContextProvider): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const found = match(url.pathname);
    if (!found) return new Response("Not Found", { status: 404 });
    const module = (await import(`../../src/web/${found.file}`)) as RouteModule;
    const handler = request.method === "GET" ? module.loader : module.action;
    if (!handler) return new Response("Method Not Allowed", { status: 405 });
    try {
      return await toResponse(await handler({ request, url, params: found.params, context }), false);
    } catch (error) {
      return toResponse(error, true);
    }
  };
}
