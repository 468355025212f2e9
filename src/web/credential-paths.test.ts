// The list of paths that hold a credential stays true to the route table: a route renamed would
// otherwise start writing its secret to the log again, and a new route taking a session id or a
// token in its path must be listed.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { CREDENTIAL_PARAMS, CREDENTIAL_PATHS } from "../domain/credential-paths.ts";
import routes from "./routes.ts";

/** Every path of the table, children joined to their parents. */
function tablePaths(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...tablePaths(entry.children ?? [], path)];
  });
}

const CATCH_ALLS = ["routes/not-found.tsx", "routes/api.not-found.ts", "routes/admin.not-found.tsx", "routes/api.admin.not-found.ts"];

describe("the paths that hold a credential", () => {
  it("each leads to a route of the shop's own, not to a not-found page", () => {
    for (const path of CREDENTIAL_PATHS) {
      const example = "/" + path.replace(/:[A-Za-z]+/g, "x");
      const matched = matchRoutes(routes as never, example) as { route: { file: string } }[] | null;
      expect(matched?.at(-1)?.route.file, path).toBeDefined();
      expect(CATCH_ALLS, path).not.toContain(matched!.at(-1)!.route.file);
    }
  });

  it("include every route of the table whose path takes a session id or a token", () => {
    const withCredential = tablePaths(routes)
      .map(({ path }) => path.replace(/\?$/, ""))
      .filter((path) => path.split("/").some((segment) => (CREDENTIAL_PARAMS as readonly string[]).includes(segment.replace(/\?$/, ""))));
    expect(withCredential.length).toBeGreaterThan(0);
    for (const path of withCredential) expect(CREDENTIAL_PATHS as readonly string[]).toContain(path);
  });
});
