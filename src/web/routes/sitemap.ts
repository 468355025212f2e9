// GET /sitemap.xml: src/server/seo/sitemap.server.ts, kept a minute per process.
import { keptSitemapXml } from "../../server/seo/sitemap.server.ts";
import { appContext } from "../app-context.ts";
import { allowOnly } from "../lib/api.ts";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return new Response(await keptSitemapXml(app.db, app.config.publicUrl), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = allowOnly("GET");
