// Build-time guard: nothing under src/server/ may end up in a browser bundle (docs/architecture.md,
// "src/server/ Node only ... never bundled for the browser"). React Router already
// refuses *.server.ts files in client code; this covers the whole folder, whatever a file is called.
import path from "node:path";
import type { Plugin } from "vite";

export function serverOnlyGuard(serverDir: string): Plugin {
  const guarded = path.resolve(serverDir) + path.sep;
  return {
    name: "shop:server-only-guard",
    enforce: "pre",
    applyToEnvironment(environment) {
      return environment.config.consumer === "client";
    },
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (path.resolve(file).startsWith(guarded)) {
        this.error(
          `Server-only module ${path.relative(process.cwd(), file)} was imported by browser code. ` +
            "Import src/server modules only from loaders, actions and other server modules.",
        );
      }
      return null;
    },
  };
}
