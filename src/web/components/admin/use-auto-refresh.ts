// Reloads the route's data every `intervalMs` while the tab is visible (admin.md section 7:
// "Refetch every 30 seconds"), and once on coming back to a tab whose figures have gone stale.
// A hidden tab asks nothing of the server.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export function useAutoRefresh(intervalMs: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.hidden || latest.current.state !== "idle") return;
      last = Date.now();
      void latest.current.revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    const onVisibility = () => {
      if (!document.hidden && Date.now() - last >= intervalMs) refresh();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [intervalMs]);
  return revalidator;
}
