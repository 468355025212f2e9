// Texts of the dashboard's "Before you take real orders" list (src/domain/admin/launch-checklist.ts).
// All ours: the spec's dashboard has no such list.
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

export const adminLaunch = {
  title: "Before you take real orders",
  /** The fold's summary, open or closed: how much is left, so a folded list still says it. */
  left: (count: number): string => `${count} ${count === 1 ? "thing" : "things"} left to set up`,
  note: "Each goes from this list once it is done.",
  fixInSettings: "Set it in Settings",
  /** The steps only whoever runs the server can do: its environment variables (README "Configuration"). */
  fixOnServer: "set on the server by whoever runs the shop",
  payments: {
    title: "Take real payments",
    detail: "Orders are paid with the built-in test cards, so no money is taken. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.",
  },
  webhook: {
    title: "Let Stripe confirm payments",
    detail: "STRIPE_WEBHOOK_SECRET is not set, so Stripe's events cannot be checked: a payment is confirmed only when the shopper comes back, or at the next check a minute later.",
  },
  mail: {
    title: "Send e-mails",
    detail: "Order confirmations, shipping news and password resets are written to files in the data folder, not sent. Set SMTP_URL.",
  },
  publicUrl: {
    title: "Give the shop its web address",
    detail: (url: string): string => `Links in e-mails and for search engines point to ${url}, which shoppers cannot open. Set PUBLIC_URL to the shop's https address.`,
  },
  shopAddress: {
    title: "Add the shop's postal address",
    detail: "The Terms of Sale, the privacy notice and the shipping labels show no address, and a shop selling online must give one.",
  },
  shopEmail: {
    title: "Add a contact e-mail for shoppers",
    detail: "The Contact page, the Terms of Sale and the privacy notice offer only the contact form.",
  },
} as const;
