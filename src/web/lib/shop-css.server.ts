// The shop's one stylesheet (Tailwind's output for src/web/app.css) as text, for the documents
// that carry it inline and the back office's stylesheet link (decision 023).
import { createHash } from "node:crypto";
import css from "../app.css?inline";

export const shopCss: string = css;

/** Versioned by its content, so the file can be cached for good (routes/shop-css.ts). */
export const shopCssHref = `/shop.css?v=${createHash("sha256").update(css).digest("base64url").slice(0, 12)}`;
