import { icon } from "./icon.tsx";

// Lucide's "check" (ISC licence).
export const Check = /* @__PURE__ */ icon([["path",{"d":"M20 6 9 17l-5-5"}]]);
