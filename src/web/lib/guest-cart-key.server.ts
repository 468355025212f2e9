import type { RouterContextProvider } from "react-router";
import { browserCartKey } from "../../server/checkout/browser-cart.server.ts";
import { appContext, requestContext } from "../app-context.ts";

/** A guest's browser-cart key for this checkout request, its cookie set on the answer when new. */
export function guestCartKey(request: Request, context: Readonly<RouterContextProvider>): string {
  const { key, setCookie } = browserCartKey(request, context.get(appContext).config.publicUrl.startsWith("https://"));
  if (setCookie) context.get(requestContext).setCookie(setCookie);
  return key;
}
