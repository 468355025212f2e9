// While the database is away (a restart, a failover) the shop answers 503, as a pause rather than
// a fault, and loses nothing a person typed. In one place for every route (decision 012):
// - The JSON API answers in its own error shape with Retry-After: the shop's pages then say "try
//   again in a moment" (not "no response from the checkout service"), and a load balancer reads a
//   pause. A route that reads the session gets this from the session read; this covers the rest.
// - A page's form is answered with the page itself and what was typed (src/web/lib/database-away.ts)
//   instead of the shop's error screen. Sent before JavaScript runs, the form's page is drawn again
//   by the server: its loaders would fail too, so those that can draw it without the database do
//   so when `formAnsweredWhileDatabaseAway()` (the request's context) says so; others still fail,
//   and such a page shows the error screen.
import { data, type ServerBuild } from "react-router";
import { isDatabaseUnavailable, serviceUnavailableResponse, UNAVAILABLE_RETRY_AFTER_SECONDS } from "../server/db/database-errors.server.ts";
import { logRequestError, requestLine } from "../server/http/error-log.server.ts";
import { databaseAwayAnswer } from "../web/lib/database-away.ts";

type Handler = (args: unknown) => unknown;
type DataArgs = { request: Request; context: object };

/**
 * The database's absence as a loader or action meets it: the driver's error, or the 503 the session
 * read throws for it (the only 503 a route throws).
 */
function isOutage(error: unknown): boolean {
  return isDatabaseUnavailable(error) || (error instanceof Response && error.status === 503);
}

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

/** The requests (by their context) whose form was answered "the database is away". */
const formsAnsweredAway = new WeakSet<object>();

/** For the request's context (src/web/app-context.ts): its page is drawn without the database. */
export function answeredWhileDatabaseAway(context: object): boolean {
  return formsAnsweredAway.has(context);
}

async function typedForm(copy: Request): Promise<FormData | null> {
  try {
    return await copy.formData();
  } catch {
    return null;
  }
}

function keepingTheForm(action: Handler): Handler {
  return async (args) => {
    const { request, context } = args as DataArgs;
    // The action reads the body; the answer needs what was typed too.
    const copy = request.clone();
    try {
      return await action(args);
    } catch (error) {
      if (!isOutage(error)) throw error;
      if (isDatabaseUnavailable(error)) logRequestError(requestLine(request), error);
      formsAnsweredAway.add(context);
      const headers = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
      return data(databaseAwayAnswer(await typedForm(copy)), { status: 503, headers });
    }
  };
}

export function outagesAs503(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module: Record<string, unknown> = { ...route.module };
      if (route.path?.startsWith("api/")) {
        for (const key of ["loader", "action"]) if (typeof module[key] === "function") module[key] = answeringOutages(module[key] as Handler);
      } else if (typeof module.default === "function" && typeof module.action === "function") {
        // A page's form (resource routes have no component).
        module.action = keepingTheForm(module.action as Handler);
      }
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes: routes as ServerBuild["routes"] };
}
