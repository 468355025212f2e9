import { icon } from "./icon.tsx";

// Lucide's "minus" (ISC licence).
export const Minus = /* @__PURE__ */ icon([["path",{"d":"M5 12h14"}]]);
