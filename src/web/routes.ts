import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("api/health", "routes/api.health.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
