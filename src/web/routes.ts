import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("category/:category", "routes/category.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("returns", "routes/returns.tsx"),
  route("size-guide", "routes/size-guide.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact", "routes/contact.tsx"),
  route("preferences/currency", "routes/preferences.currency.ts"),
  route("api/health", "routes/api.health.ts"),
  route("api/products", "routes/api.products.ts"),
  route("api/products/:id", "routes/api.product.ts"),
  route("api/cart", "routes/api.cart.ts"),
  route("api/cart/items", "routes/api.cart-items.ts"),
  route("api/cart/items/:id", "routes/api.cart-item.ts"),
  route("api/cart/merge", "routes/api.cart-merge.ts"),
  route("api/cart/price", "routes/api.cart-price.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
