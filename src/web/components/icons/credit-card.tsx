import { icon } from "./icon.tsx";

// Lucide's "credit-card" (ISC licence).
export const CreditCard = /* @__PURE__ */ icon([["rect",{"width":"20","height":"14","x":"2","y":"5","rx":"2"}],["line",{"x1":"2","x2":"22","y1":"10","y2":"10"}],["path",{"d":"M6 14h2"}]]);
