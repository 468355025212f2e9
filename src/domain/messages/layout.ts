// Texts of the layout every page shares: error screen, 404, navigation (storefront.md section 2).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

/** Screens shared by the storefront and the admin area (storefront.md section 2, admin.md 2). */
export const general = {
  errorScreen: "Something went wrong, please try refreshing the page",
  refreshPage: "Refresh Page",
  notFoundTitle: "Oops! Page not found",
  backHome: "Return to Home", // ours: the 404 page's link home
} as const;

/** storefront.md section 2 "Navigation bar", "Home", "Product card". */
export const navigation = {
  home: "Home",
  signIn: "Sign In",
  signOut: "Sign Out",
  shopNow: "Shop Now",
  viewAll: "View All",
  currency: "Currency", // ours: the mobile menu's label of the currency switch on narrow phones
} as const;

/** The search box in the header, desktop and mobile menu (issue 16, ours). */
export const headerSearch = {
  label: "Search the shop",
  placeholder: "Search",
  submit: "Search",
} as const;
