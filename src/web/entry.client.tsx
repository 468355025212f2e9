import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React 19 reports errors through these callbacks instead of rethrowing them. They log to the
// console where tests and the browser's tools see them: a hydration mismatch (recoverable: React
// renders the page again in the browser) must never pass silently.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onRecoverableError: (error, info) => console.error("Recoverable React error:", error, info.componentStack ?? ""),
      onCaughtError: (error) => console.error("React error caught by an error boundary:", error),
      onUncaughtError: (error, info) => console.error("Uncaught React error:", error, info.componentStack ?? ""),
    },
  );
});
