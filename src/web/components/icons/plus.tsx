import { icon } from "./icon.tsx";

// Lucide's "plus" (ISC licence).
export const Plus = /* @__PURE__ */ icon([["path",{"d":"M5 12h14"}],["path",{"d":"M12 5v14"}]]);
