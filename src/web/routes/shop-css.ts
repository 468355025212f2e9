// GET /shop.css: the shop's stylesheet as a file, for the back office's pages (decision 023:
// storefront documents carry it inline). Its address carries a hash of its content.
import { shopCss } from "../lib/shop-css.server.ts";

export function loader() {
  return new Response(shopCss, {
    headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
