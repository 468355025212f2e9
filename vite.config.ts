import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin } from "vite";
import { serverOnlyGuard } from "./tooling/server-only-guard.ts";

const projectRoot = fileURLToPath(new URL("./", import.meta.url));
const buildDirectory = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");

/**
 * Every storefront page loads the root route and everything it imports statically (header,
 * footer, cart context, messages, formatting). Left to itself the bundler splits that into a
 * dozen small chunks by which routes share them; as one "shell" chunk (and React, React DOM and
 * React Router as one "framework" chunk) the same code is fewer requests and ~6 KB less gzip.
 */
const rootRouteModule = path.join(projectRoot, "src/web/root.tsx");
const shellModules = new Set<string>();
// Icons stay with the routes that draw them: the barrel would otherwise pull every icon in.
const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/]/;
function collectShellModules(): Plugin {
  return {
    name: "shop:collect-shell-modules",
    apply: "build",
    buildEnd() {
      if (this.environment.name !== "client") return;
      shellModules.clear();
      const queue = [rootRouteModule];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (shellModules.has(id)) continue;
        const info = this.getModuleInfo(id);
        if (!info) continue;
        shellModules.add(id);
        queue.push(...info.importedIds); // static imports only: lazy ones stay lazy
      }
    },
  };
}

/**
 * Production runs the host as plain JavaScript (`node build/host/server.js`), not through tsx:
 * tsx's loader thread keeps ~140 MB per process. After React Router's server build, the host
 * (src/host/server.ts and the server modules it imports) is bundled into <build>/host/server.js,
 * packages left as imports. Each bundled module keeps its own `import.meta.url` (rewritten to its
 * source file's URL relative to the bundle), so paths such as the migrations folder and the seed
 * catalogue resolve exactly as they do when the source runs under tsx.
 */
function buildHost(): Plugin {
  const outDir = path.join(buildDirectory, "host");
  const keepSourceUrls: Plugin = {
    name: "shop:keep-source-import-meta-url",
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(path.join(projectRoot, "src")) || !code.includes("import.meta.url")) return null;
      const fromBundle = path.relative(outDir, id).split(path.sep).join("/");
      return { code: code.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), map: null };
    },
  };
  return {
    name: "shop:build-host",
    apply: "build",
    async closeBundle() {
      if (this.environment.name !== "ssr") return;
      await build({
        configFile: false,
        root: projectRoot,
        publicDir: false,
        logLevel: "warn",
        plugins: [keepSourceUrls],
        build: {
          ssr: path.join(projectRoot, "src/host/server.ts"),
          outDir,
          emptyOutDir: true,
          target: "node24",
          minify: false,
          rolldownOptions: { output: { entryFileNames: "server.js" } },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [
    collectShellModules(),
    serverOnlyGuard("src/server"),
    tailwindcss(),
    reactRouter(),
    buildHost(),
  ],
  server: { hmr: { port: 24678 } },
  build: { target: "es2022" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
                { name: "shell", test: (id) => shellModules.has(id) && !LUCIDE.test(id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
