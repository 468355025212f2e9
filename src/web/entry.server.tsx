import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestContext } from "./app-context.ts";
import { NonceProvider } from "./components/nonce.tsx";
import { isBackOffice } from "./lib/back-office-path.ts";
import { deferredHydrationStream } from "./lib/deferred-hydration.server.ts";
import { shopCss, shopCssHref } from "./lib/shop-css.server.ts";
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from "../server/db/database-errors.server.ts";
import { logRequestError, requestLine } from "../server/http/error-log.server.ts";

// The host fills each request's context through the server build, so both use these keys.
export { provideLoadContext } from "./app-context.ts";

export const streamTimeout = 5_000;

/** A body cut at its size limit (the host has answered 413 already), by the error's name: the class lives in another bundle. */
const BODY_TOO_LARGE = "BodyTooLargeError";

/**
 * React's words when the response stream is closed before the page is complete: the client left,
 * or the host answered already (a body over its limit is refused while the action still runs).
 */
function isClosedEarly(error: unknown): boolean {
  return error instanceof Error && error.message.includes("destination stream closed early");
}

/**
 * Documents whose loaders failed because the database is away. They answer 503 with Retry-After,
 * as the API does: the shop is down for a moment, not broken, and a monitor or a crawler should
 * come back rather than record an error.
 */
const databaseAway = new WeakSet<Request>();

/**
 * Errors worth a log line. A client that went away mid-request (the request's signal is aborted)
 * or a body refused for its size is not a fault of the shop; everything else is.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // The router hands the page only a sanitised error, so the database's absence is noted here.
  if (isDatabaseUnavailable(error)) databaseAway.add(request);
  // A refused method or a 404 is an answer, not a fault.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && error.name === BODY_TOO_LARGE) return;
  logRequestError(requestLine(request), error);
};

/**
 * The shop's stylesheet (decision 023). A storefront document carries it inline: a stylesheet
 * link blocks the first paint behind one more round trip, and React writes the module preloads
 * ahead of it, so on a slow phone link the CSS shared the line with ~100 KB of JavaScript and the
 * page painted only after its scripts had run; inline, the page paints as soon as its HTML is in.
 * After the first page the app navigates without loading documents, so the CSS comes once per
 * visit either way. The back office, used all day by the same few people on fast links, links
 * the file instead (cached, and its pages stay small to render). Both are hoisted resources that
 * React leaves in the head across navigations, so leaving the back office for the shop keeps
 * its styles.
 */
function ShopStylesheet({ pathname, nonce }: { pathname: string; nonce: string }) {
  if (isBackOffice(pathname)) return <link rel="stylesheet" href={shopCssHref} precedence="default" />;
  return (
    <style href="shop-css" precedence="default" nonce={nonce}>
      {shopCss}
    </style>
  );
}

/**
 * A 503 says when to come back and is never stored: the answer of a form sent while the database
 * is away (src/host/outages.ts) comes from routes whose own headers pass on only cookies.
 */
function markUnavailable(headers: Headers) {
  headers.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

/**
 * The same for the app's own data requests (a link followed, a form sent, once the page has its
 * JavaScript): 503 with Retry-After, not 500. The body is the router's, which the page reads as
 * before: the error screen says the shop is briefly unavailable, a form's page what was not done.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (response.status !== 503 && (response.status !== 500 || !databaseAway.has(request))) return response;
  const headers = new Headers(response.headers);
  markUnavailable(headers);
  return new Response(response.body, { status: 503, headers });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (responseStatusCode === 500 && databaseAway.has(request)) responseStatusCode = 503;
  if (responseStatusCode === 503) markUnavailable(responseHeaders);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const nonce = loadContext.get(requestContext).cspNonce;
    const pathname = new URL(request.url).pathname;
    // Crawlers and SPA-mode get the whole document at once; browsers get the shell streamed.
    const readyEvent = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Aborts a render that is still streaming after streamTimeout; cleared once the stream ends
    // so a finished response does not keep its closure alive until then.
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ShopStylesheet pathname={pathname} nonce={nonce} />
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
      nonce,
      // React 19.2 moves a finished Suspense boundary that comes after 12.8 KB of HTML out of
      // place, to the end of the stream, shown by an inline script: without JavaScript it would
      // stay hidden. The shop's pages are small and rendered whole, so every finished boundary
      // stays where it is, as in React 18.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            timeout = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        // A storefront page hydrates once it has loaded (decision 048); a client that leaves ends
        // both streams. The back office's screens are mostly buttons that need React (dialogs,
        // uploads), so they hydrate at once: an owner's first click must not be lost.
        if (isBackOffice(pathname)) return pipe(body);
        const deferred = deferredHydrationStream();
        pipeline(deferred, body, () => {});
        pipe(deferred);
      },
      onShellError(error: unknown) {
        // The shopper left before the page's first bytes: nobody to answer, nothing to report.
        if (request.signal.aborted) resolve(new Response(null, { status: 499 }));
        else reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // A shopper who closes the tab mid-render ends the stream early ('The destination stream
        // closed early'): the render stops quietly. Real faults are still logged.
        if (shellRendered && !request.signal.aborted && !isClosedEarly(error)) console.error(error);
      },
    });
    request.signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timeout);
        timeout = undefined;
        abort();
      },
      { once: true },
    );
  });
}
