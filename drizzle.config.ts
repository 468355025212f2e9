import { defineConfig } from "drizzle-kit";

// Migrations are generated from the TypeScript schema and committed; both PGlite and PostgreSQL run them.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./src/server/db/migrations",
});
