import { icon } from "./icon.tsx";

// Lucide's "info" (ISC licence).
export const Info = /* @__PURE__ */ icon([["circle",{"cx":"12","cy":"12","r":"10"}],["path",{"d":"M12 16v-4"}],["path",{"d":"M12 8h.01"}]]);
