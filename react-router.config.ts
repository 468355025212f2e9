import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  // BUILD_DIR lets parallel test runs build side by side; the host reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
