import { icon } from "./icon.tsx";

// Lucide's "x" (ISC licence).
export const X = /* @__PURE__ */ icon([["path",{"d":"M18 6 6 18"}],["path",{"d":"m6 6 12 12"}]]);
