import { icon } from "./icon.tsx";

// Lucide's "clock" (ISC licence).
export const Clock = /* @__PURE__ */ icon([["circle",{"cx":"12","cy":"12","r":"10"}],["path",{"d":"M12 6v6l4 2"}]]);
