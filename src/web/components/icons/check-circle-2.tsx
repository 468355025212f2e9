import { icon } from "./icon.tsx";

// Lucide's "circle-check" (ISC licence).
export const CheckCircle2 = /* @__PURE__ */ icon([["circle",{"cx":"12","cy":"12","r":"10"}],["path",{"d":"m16 9-5.5 5.5L8 12"}]]);
