import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverOnlyGuard } from "./tooling/server-only-guard.ts";

export default defineConfig({
  plugins: [serverOnlyGuard("src/server"), tailwindcss(), reactRouter()],
  server: { hmr: { port: 24678 } },
  build: { target: "es2022" },
});
