import type { AppContext } from "../server/app-context.server.ts";

declare module "react-router" {
  interface AppLoadContext {
    app: AppContext;
    /** Per-request nonce for the Content-Security-Policy's inline scripts. */
    cspNonce: string;
  }
}

export {};
