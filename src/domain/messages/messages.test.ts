// The one place spec texts are typed a second time: each is compared with the wording of the
// spec so a typo in src/domain/messages/ fails here.
import { describe, expect, it } from "vitest";
import { auth } from "./account.ts";
import { adminAccess, adminCustomers, adminDashboard, adminDiagnostics, adminOrders, adminPayments, adminProducts, imports, scraper } from "./admin.ts";
import { discounts } from "./discounts.ts";
import { cart } from "./cart.ts";
import { buyNow, categoryPage, productCard, productDetail } from "./catalog.ts";
import { checkout, shipping } from "./checkout.ts";
import { confirmation } from "./orders.ts";
import { contact } from "./contact.ts";
import { dataErrors } from "./forms.ts";
import { general, navigation } from "./layout.ts";

const cases = (table: Record<string, [string | null, string | null]>) => Object.entries(table);

describe("storefront texts (storefront.md)", () => {
  it.each(
    cases({
      errorScreen: [general.errorScreen, "Something went wrong, please try refreshing the page"],
      refreshPage: [general.refreshPage, "Refresh Page"],
      notFound: [general.notFoundTitle, "Oops! Page not found"],
      signIn: [navigation.signIn, "Sign In"],
      signOut: [navigation.signOut, "Sign Out"],
      shopNow: [navigation.shopNow, "Shop Now"],
      viewAll: [navigation.viewAll, "View All"],
      cardNoImage: [productCard.noImage, "No image available"],
      cardNew: [productCard.newBadge, "New"],
      cardSave: [productCard.save("£5.00"), "Save £5.00"],
      cardMore: [productCard.moreColours(3), "+3"],
      genericHeading: [categoryPage.genericHeading, "Products"],
      errorLoading: [categoryPage.errorLoading, "Error loading products"],
      showing: [categoryPage.showingProducts(1, 12, 30, "suits"), "Showing 1 - 12 of 30 products in suits"],
      pageOf: [categoryPage.pageOf(1, 3), "Page 1 of 3"],
      noneFound: [categoryPage.noneFound("suits"), "No suits found"],
      loadingProduct: [productDetail.loading, "Loading product..."],
      productNotFound: [productDetail.notFound, "Product not found"],
      noImages: [productDetail.noImages, "No images available"],
      imageUnavailable: [productDetail.imageUnavailable, "Image unavailable"],
      imageCounter: [productDetail.imageCounter(2, 5), "2 / 5"],
      sale: [productDetail.saleBadge, "Sale"],
      save: [productDetail.save, "Save"],
      multi: [productDetail.multiMarker, "Multi"],
      inStock: [productDetail.inStock, "In Stock"],
      outOfStock: [productDetail.outOfStock, "Out of Stock"],
      youMayAlsoLike: [productDetail.youMayAlsoLike, "You May Also Like"],
      selectionRequiredTitle: [productDetail.selectionRequiredTitle, "Selection Required"],
      selectionRequired: [
        productDetail.selectionRequired,
        "Please make all required selections before adding to cart or purchasing.",
      ],
      hintBoth: [productDetail.selectionHint(true, true), "Please select size and color to continue"],
      hintSize: [productDetail.selectionHint(true, false), "Please select size to continue"],
      hintColour: [productDetail.selectionHint(false, true), "Please select color to continue"],
      hintNone: [productDetail.selectionHint(false, false), null],
      linkCopied: [productDetail.linkCopied, "Product link copied to clipboard!"],
      cartEmpty: [cart.empty, "Your cart is empty"],
      continueShopping: [cart.continueShopping, "Continue Shopping"],
      subtotal: [cart.subtotal, "Subtotal"],
      shippingLabel: [cart.shipping, "Shipping"],
      free: [cart.free, "Free"],
      total: [cart.total, "Total"],
      proceed: [cart.proceedToCheckout, "Proceed to Checkout"],
      adding: [cart.adding, "Adding..."],
      addedToCart: [cart.addedToCart("Navy Suit"), "Navy Suit added to cart!"],
      addFailed: [cart.addFailed, "Failed to add item to cart. Please try again."],
      removed: [cart.removed, "Item removed from cart"],
      cartSelectSize: [cart.selectSize, "Please select a size before adding to cart"],
      cartSelectColour: [cart.selectColour, "Please select a color before adding to cart"],
      selectAll: [cart.selectAllOptions, "Please select all required options"],
      transferred: [cart.transferred, "Cart items transferred to your account!"],
      buyProcessing: [buyNow.processing, "Processing..."],
      buySize: [buyNow.selectSize, "Please select a size"],
      buySizeCheckout: [buyNow.selectSizeBeforeCheckout, "Please select a size before proceeding to checkout"],
      buyColour: [buyNow.selectColour, "Please select a color"],
      buyColourCheckout: [buyNow.selectColourBeforeCheckout, "Please select a color before proceeding to checkout"],
      buyProductNotFound: [buyNow.productNotFound, "Product not found"],
      creating: [buyNow.creatingSession, "Creating checkout session..."],
      redirecting: [buyNow.redirecting, "Redirecting to payment..."],
      checkoutFailed: [buyNow.checkoutFailed("Card declined"), "Checkout failed: Card declined"],
      checkoutFailedNetwork: [buyNow.checkoutFailed(undefined), "Checkout failed: Network error"],
      checkoutFailedBlank: [buyNow.checkoutFailed(""), "Checkout failed: Network error"],
      noResponse: [buyNow.noResponse, "No response from checkout service"],
      checkoutError: [buyNow.checkoutError("timeout"), "Checkout error: timeout"],
      invalidResponse: [buyNow.invalidResponse, "Invalid checkout response - no URL provided"],
      customerInfo: [checkout.customerInfoRequired, "Please fill in all required customer information"],
      shippingInfo: [checkout.shippingInfoRequired, "Please fill in all required shipping information"],
      checkoutCartEmpty: [checkout.cartEmpty, "Your cart is empty"],
      street: [checkout.streetRequired, "Street address is required"],
      city: [checkout.cityRequired, "City is required"],
      postal: [checkout.postalCodeRequired, "Postal/ZIP code is required"],
      country: [checkout.countryRequired, "Country is required"],
      notAvailable: [
        checkout.shippingNotAvailable("Cuba", "Supplier policy restriction"),
        "Shipping not available to Cuba: Supplier policy restriction",
      ],
      cannotShip: [
        checkout.cannotShipTo("Yemen"),
        "Cannot ship to Yemen. Please select a different shipping address.",
      ],
      checkoutPageFailed: [checkout.failed, "Failed to process checkout. Please try again."],
      checkoutProcessing: [checkout.processing, "Processing..."],
      supplier: [shipping.supplierPolicyRestriction, "Supplier policy restriction"],
      logistics: [shipping.logisticsLimitations, "Logistics limitations"],
      days: [shipping.businessDays(7, 14), "7-14 business days"],
      processingOrder: [confirmation.processingOrder, "Processing your order..."],
      verificationFailed: [confirmation.verificationFailed, "Payment verification failed. Please contact support."],
      unableToVerify: [
        confirmation.unableToVerify,
        "Unable to verify payment. Please contact support if you were charged.",
      ],
      issueConfirming: [
        confirmation.issueConfirming,
        "There was an issue confirming your order. Please contact support.",
      ],
      paymentProcessing: [confirmation.paymentProcessing, "Payment is being processed..."],
      paymentConfirmed: [confirmation.paymentConfirmed, "Payment confirmed! Your order is being processed."],
      orderConfirmed: [
        confirmation.orderConfirmed("3F2A9C1E", 2, "89.98"),
        "Order 3F2A9C1E confirmed! 2 item(s) totaling £89.98",
      ],
      authSignIn: [auth.signIn, "Sign In"],
      authSignUp: [auth.signUp, "Sign Up"],
      invalidCredentials: [
        auth.invalidCredentials,
        "Invalid email or password. Please check your credentials and try again.",
      ],
      accountExists: [auth.accountExists, "An account with this email already exists. Please sign in instead."],
      authUnexpected: [auth.unexpected, "An unexpected error occurred"],
      signUpSuccess: [
        auth.signUpSuccess,
        "Account created successfully! Please check your email to verify your account.",
      ],
      missingInfoTitle: [contact.missingInfoTitle, "Missing Information"],
      missingInfo: [contact.missingInfo, "Please fill in all required fields."],
      contactErrorTitle: [contact.errorTitle, "Error"],
      contactFailed: [contact.failed, "Failed to send message. Please try again or contact us directly."],
      sent: [contact.sentTitle, "Message Sent!"],
      duplicate: [dataErrors.duplicate, "This item already exists. Please try again."],
      foreignKey: [dataErrors.foreignKey, "Unable to complete operation due to data dependencies."],
      dataNotFound: [dataErrors.notFound, "The requested item was not found."],
      permission: [dataErrors.permission, "You do not have permission to perform this action."],
      network: [dataErrors.network, "Network connection issue. Please check your internet connection."],
      unexpected: [dataErrors.unexpected, "An unexpected error occurred. Please try again."],
    }),
  )("%s", (_name, [actual, expected]) => {
    expect(actual).toBe(expected);
  });

  it("promises a reply within 24 hours on the contact success screen", () => {
    expect(contact.sentBody).toMatch(/within 24 hours/);
  });

  it("says check back soon on an empty category", () => {
    expect(categoryPage.checkBackSoon.toLowerCase()).toContain("check back soon");
  });
});

describe("admin texts (admin.md)", () => {
  it.each(
    cases({
      dashboard: [adminAccess.dashboard, "Dashboard"],
      products: [adminAccess.products, "Products"],
      orders: [adminAccess.orders, "Orders"],
      stripe: [adminAccess.stripe, "Stripe"],
      discountsNav: [adminAccess.discounts, "Discounts"],
      customersNav: [adminAccess.customers, "Customers"],
      settings: [adminAccess.settings, "Settings"],
      logout: [adminAccess.logout, "Logout"],
      adminEmail: [adminAccess.adminEmail, "Admin Email"],
      accessPanel: [adminAccess.accessAdminPanel, "Access Admin Panel"],
      authenticating: [adminAccess.authenticating, "Authenticating..."],
      backToStore: [adminAccess.backToStore, "Back to Store"],
      accessDenied: [adminAccess.accessDenied, "Access denied. Admin privileges required."],
      accessDeniedTitle: [adminAccess.accessDeniedTitle, "Access Denied"],
      refreshData: [adminDashboard.refreshData, "Refresh Data"],
      refreshing: [adminDashboard.refreshing, "Refreshing data..."],
      allOrders: [adminOrders.allOrders, "All Orders"],
      noOrders: [adminOrders.noOrders, "No orders found"],
      noOrderMatch: [adminOrders.noMatch, "No orders match your search criteria"],
      loadingOrders: [adminOrders.loading, "Loading orders"],
      unknownCustomer: [adminOrders.unknownCustomer, "Unknown Customer"],
      unknown: [adminOrders.unknown, "Unknown"],
      noEmail: [adminOrders.noEmail, "No email"],
      unknownProduct: [adminOrders.unknownProduct, "Unknown Product"],
      statusUpdated: [adminOrders.statusUpdated, "Order status updated successfully"],
      statusFailed: [adminOrders.statusUpdateFailed, "Failed to update order status"],
      ordersLoadFailed: [adminOrders.loadFailed("timeout"), "Error loading orders: timeout"],
      totalCustomers: [adminCustomers.totalCustomers, "Total Customers"],
      totalRevenue: [adminCustomers.totalRevenue, "Total Revenue"],
      avgOrderValue: [adminCustomers.avgOrderValue, "Avg Order Value"],
      totalOrders: [adminCustomers.totalOrders, "Total Orders"],
      never: [adminCustomers.never, "Never"],
      noCustomers: [adminCustomers.noCustomers, "No customers found"],
      noCustomerMatch: [adminCustomers.noMatch, "No customers match your search"],
      tryAgain: [adminCustomers.tryAgain, "Try Again"],
      customersLoadFailed: [adminCustomers.loadFailed("timeout"), "Error loading customer data: timeout"],
      syncButton: [adminPayments.syncProducts, "Sync Products to Stripe"],
      paidOrders: [adminPayments.paidOrders, "Paid Orders"],
      pendingOrders: [adminPayments.pendingOrders, "Pending Orders"],
      recentTransactions: [adminPayments.recentTransactions, "Recent Transactions"],
      noTransactions: [adminPayments.noTransactions, "No transactions found"],
      stripeLoadTitle: [adminPayments.loadFailedTitle, "Error Loading Data"],
      stripeLoad: [adminPayments.loadFailed, "There was an issue loading the Stripe data"],
      syncSucceeded: [adminPayments.syncSucceeded, "Products synced to Stripe successfully!"],
      syncFailed: [adminPayments.syncFailed, "Failed to sync products to Stripe"],
      enabled: [adminDiagnostics.enabled, "Enabled"],
      issues: [adminDiagnostics.issues, "Issues"],
      configured: [adminDiagnostics.configured, "Configured"],
      missing: [adminDiagnostics.missing, "Missing"],
      testsCompleted: [adminDiagnostics.completed, "Security and performance tests completed"],
      testsFailed: [adminDiagnostics.failed, "Failed to run tests"],
      createDiscount: [discounts.createDiscount, "Create Discount"],
      requiredFields: [discounts.requiredFields, "Please fill in required fields"],
      codeExists: [discounts.alreadyExists, "Discount code already exists"],
      createFailed: [discounts.createFailed, "Failed to create discount code"],
      created: [discounts.created, "Discount code created successfully"],
      updated: [discounts.updated, "Discount code updated successfully"],
      deleted: [discounts.deleted, "Discount code deleted successfully"],
      unlimited: [discounts.unlimited, "∞"],
      percentage: [discounts.percentage, "Percentage"],
      fixedAmount: [discounts.fixedAmount, "Fixed Amount"],
      discountValue: [discounts.discountValue, "Discount Value"],
      scraperPlaceholder: [scraper.placeholder, "Enter product URL..."],
      scrape: [scraper.scrape, "Scrape"],
      saveToDatabase: [scraper.saveToDatabase, "Save to Database"],
      scraperErrorTitle: [scraper.errorTitle, "Error"],
      invalidUrl: [scraper.invalidUrl, "Please enter a valid URL"],
      scrapeFailed: [scraper.scrapeFailed, "Failed to scrape product data"],
      saveFailed: [scraper.saveFailed, "Failed to save product to database"],
      scraped: [scraper.scraped, "Product scraped successfully"],
      savedProduct: [scraper.saved, "Product added to database successfully"],
      productsTitle: [adminProducts.title, "Products"],
      productsSubtitle: [adminProducts.subtitle, "Manage your product catalog"],
      addProduct: [adminProducts.addProduct, "Add Product"],
      allCategories: [adminProducts.allCategories, "All Categories"],
      loadingProducts: [adminProducts.loading, "Loading products..."],
      noProducts: [adminProducts.empty, "No products found in this category"],
      adminNoImage: [adminProducts.noImage, "No image available"],
      confirmDelete: [adminProducts.confirmDelete, "Are you sure you want to delete this product?"],
      bulkTitle: [imports.bulkUploadTitle, "Bulk Product Upload"],
      uploadAll: [imports.uploadAllMissing, "Upload All Missing Products"],
      uploadingAll: [imports.uploadingAll, "Uploading All Products..."],
      errorDetails: [imports.errorDetails, "Error Details"],
      addShoes: [imports.addShoes, "Add New Shoe Products"],
      addingShoes: [imports.addingShoes, "Adding Shoes..."],
      addAccessories: [imports.addAccessories, "Add New Accessory Products"],
      addingAccessories: [imports.addingAccessories, "Adding Accessories..."],
      addShirts: [imports.addShirts, "Add New Shirt Products"],
      addingShirts: [imports.addingShirts, "Adding Shirts..."],
      addWhiteWear: [imports.addWhiteWear, "Add New White-Wear Products"],
      addingWhiteWear: [imports.addingWhiteWear, "Adding White-Wear..."],
      kaftanSucceeded: [imports.kaftanSucceeded(12, 3), "Successfully added 12 kaftan products! (3 skipped)"],
      traditionalSucceeded: [
        imports.traditionalWearSucceeded(7),
        "Successfully added 7 traditional wear products to kaftan category!",
      ],
      shoesSucceeded: [
        imports.succeededWithDuplicates("shoe", 10, 2),
        "Successfully added 10 shoe products! (2 skipped as duplicates)",
      ],
      accessoriesSucceeded: [
        imports.succeededWithDuplicates("accessory", 4, 0),
        "Successfully added 4 accessory products! (0 skipped as duplicates)",
      ],
      whiteWearSucceeded: [
        imports.succeededWithDuplicates("white-wear", 5, 1),
        "Successfully added 5 white-wear products! (1 skipped as duplicates)",
      ],
      suitCompleted: [
        imports.suitCompleted(6, 2, 0),
        "Suit products import completed! Added: 6, Skipped: 2, Errors: 0",
      ],
      suitSomeErrors: [imports.suitSomeErrors, "Some products had errors. Check console for details."],
      kaftanFailed: [imports.failed("kaftan"), "Failed to add kaftan products. Check console for details."],
      traditionalFailed: [
        imports.failed("traditional wear"),
        "Failed to add traditional wear products. Check console for details.",
      ],
      suitFailed: [imports.failed("suit"), "Failed to add suit products. Check console for details."],
      shoeFailed: [imports.failed("shoe"), "Failed to add shoe products. Check console for details."],
    }),
  )("%s", (_name, [actual, expected]) => {
    expect(actual).toBe(expected);
  });

  it("lists the rows a shirt import skipped instead of counting them", () => {
    expect(imports.shirtsSucceeded(3, [])).toBe("Successfully added 3 shirt products!");
    expect(imports.shirtsSucceeded(3, ["Oxford Shirt", "Linen Shirt"])).toBe(
      "Successfully added 3 shirt products! (skipped: Oxford Shirt, Linen Shirt)",
    );
  });
});
