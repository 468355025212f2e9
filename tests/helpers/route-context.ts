// Route loaders and actions read the shop's services and the request's values from a
// RouterContextProvider (React Router 8); tests call them directly with one built here.
import { RouterContextProvider } from "react-router";
import { provideLoadContext, type RequestContext } from "../../src/web/app-context.ts";

type AppPart = Parameters<typeof provideLoadContext>[1];

/** A route's `context` holding `app` (only the parts a test needs) and this request's values. */
export function routeContext({ app, ...request }: { app: unknown } & Partial<RequestContext>): RouterContextProvider {
  return provideLoadContext(new RouterContextProvider(), app as AppPart, {
    cspNonce: request.cspNonce ?? "",
    setCookie: request.setCookie ?? (() => {}),
    clientIp: request.clientIp ?? "127.0.0.1",
    formAnsweredWhileDatabaseAway: request.formAnsweredWhileDatabaseAway ?? (() => false),
  });
}

/** A loader's or action's arguments with the `url` React Router 8 passes beside the request. */
export function withUrl<T extends { request: Request }>(args: T): T & { url: URL } {
  return { ...args, url: new URL(args.request.url) };
}
