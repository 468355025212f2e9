import { icon } from "./icon.tsx";

// Lucide's "chevron-down" (ISC licence).
export const ChevronDown = /* @__PURE__ */ icon([["path",{"d":"m6 9 6 6 6-6"}]]);
