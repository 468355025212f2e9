import { icon } from "./icon.tsx";

// Lucide's "chevron-left" (ISC licence).
export const ChevronLeft = /* @__PURE__ */ icon([["path",{"d":"m15 18-6-6 6-6"}]]);
