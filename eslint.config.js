import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One direction of imports (STYLE.md): domain imports nothing of ours; server imports domain;
// web imports both (server modules only from loaders and actions, guarded at build time too).
const restrict = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "scratch/", "test-results*/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: restrict([
      { group: ["**/server/**", "**/web/**", "**/host/**", "node:*"], message: "src/domain is pure: no I/O and no imports from server, web or host." },
    ]),
  },
  {
    files: ["src/server/**/*.ts"],
    rules: restrict([{ group: ["**/web/**", "**/host/**"], message: "src/server must not import the web app or the host." }]),
  },
  {
    // The storefront (src/web/lib, its routes and components): its first-load JavaScript budget has
    // no room for the lucide-react runtime (decision 046), and admin code never reaches its pages
    // (docs/architecture.md "Admin code stays in the admin bundle").
    files: ["src/web/**/*.{ts,tsx}"],
    ignores: ["src/web/routes/admin*", "src/web/routes/api.admin*", "src/web/components/admin/**"],
    rules: restrict([
      { group: ["lucide-react"], message: "Storefront icons come from src/web/components/icons.tsx (decision 046); lucide-react is for the admin only." },
      {
        group: ["**/admin/**", "**/admin.*", "**/api.admin.*", "**/messages/admin*"],
        message: "Storefront modules (src/web/lib included) never import admin code: it belongs to src/web/components/admin/, src/server/admin/ and src/domain/admin/, used by the admin routes.",
      },
    ]),
  },
  {
    // A back-office form sent after the session ended keeps the page and asks to sign in over it
    // (decision 059): the fetcher that notices is useAdminFetcher.
    files: ["src/web/routes/admin*", "src/web/components/admin/**"],
    ignores: ["src/web/components/admin/session-sign-in.tsx", "src/web/components/admin/admin-login.tsx", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-router", importNames: ["useFetcher"], message: "Use useAdminFetcher (components/admin/session-sign-in.tsx): it opens the sign-in over the page when the session has ended." }] },
      ],
    },
  },
);
