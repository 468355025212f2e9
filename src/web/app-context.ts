// What the host hands every loader and action. React Router 8 passes them a
// RouterContextProvider; a route reads `context.get(appContext)` (the shop's services) and
// `context.get(requestContext)` (this request's nonce, cookie sink and client address).
//
// The context objects are keys compared by identity, so they must come from this one module as
// built into the server bundle: the host does not import this file (its own bundle would get a
// second copy of the keys, and every read would fail with "No value found for context"); it
// calls `provideLoadContext` through the server build's entry module (entry.server re-exports it).
import { createContext, type RouterContextProvider } from "react-router";
import type { AppContext } from "../server/app-context.server.ts";

export interface RequestContext {
  /** Per-request nonce for the Content-Security-Policy's inline scripts. */
  cspNonce: string;
  /** Adds a Set-Cookie header to this request's response (a renewed session cookie). */
  setCookie: (cookie: string) => void;
  /** The client's address (behind a trusted proxy, from X-Forwarded-For), for rate limits. */
  clientIp: string;
  /**
   * True once this request's form was answered "the database is away" (src/host/outages.ts): the
   * page is drawn again for a browser without JavaScript, and a loader that can draw it without
   * the database does so rather than fail too.
   */
  formAnsweredWhileDatabaseAway: () => boolean;
}

export const appContext = createContext<AppContext>();
export const requestContext = createContext<RequestContext>();

/** Fills a request's context provider (created by the host with the adapter's own react-router). */
export function provideLoadContext<P extends RouterContextProvider>(provider: P, app: AppContext, request: RequestContext): P {
  provider.set(appContext, app);
  provider.set(requestContext, request);
  return provider;
}
