import { databaseIsHealthy } from "../../server/health/health.server.ts";
import type { Route } from "./+types/api.health";
import { appContext } from "../app-context.ts";
import { allowOnly } from "../lib/api.ts";

// 200 only after a real database round trip; load balancers take 503 as "send no traffic here".
export async function loader({ context }: Route.LoaderArgs) {
  const healthy = await databaseIsHealthy(context.get(appContext).db);
  return Response.json(healthy ? { status: "ok" } : { status: "unavailable" }, {
    status: healthy ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

export const action = allowOnly("GET");
