import type { RouterContextProvider } from "react-router";
import { browserCartKey } from "../../server/checkout/browser-cart.server.ts";
import { appContext, requestContext } from "../app-context.ts";

/** The key naming this browser's cart for a guest's checkout (decision 058), its cookie set on the answer when new. */
export function browserCartOf(request: Request, context: Readonly<RouterContextProvider>): string {
  const { key, setCookie } = browserCartKey(request, context.get(appContext).config.publicUrl.startsWith("https://"));
  if (setCookie) context.get(requestContext).setCookie(setCookie);
  return key;
}
