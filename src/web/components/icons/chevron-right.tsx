import { icon } from "./icon.tsx";

// Lucide's "chevron-right" (ISC licence).
export const ChevronRight = /* @__PURE__ */ icon([["path",{"d":"m9 18 6-6-6-6"}]]);
