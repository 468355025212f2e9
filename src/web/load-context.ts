import type { AppContext } from "../server/app-context.server.ts";

declare module "react-router" {
  interface AppLoadContext {
    app: AppContext;
    /** Per-request nonce for the Content-Security-Policy's inline scripts. */
    cspNonce: string;
    /** Adds a Set-Cookie header to this request's response (a renewed session cookie). */
    setCookie: (cookie: string) => void;
    /** The client's address (behind a trusted proxy, from X-Forwarded-For), for rate limits. */
    clientIp: string;
  }
}

export {};
