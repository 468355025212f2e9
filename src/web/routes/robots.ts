// GET /robots.txt: src/server/seo/sitemap.server.ts.
import { robotsTxt } from "../../server/seo/sitemap.server.ts";
import { appContext } from "../app-context.ts";
import { allowOnly } from "../lib/api.ts";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(appContext).config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = allowOnly("GET");
