// Texts of the e-mails an order sends its buyer (src/server/mail/order-mails.server.ts): the
// confirmation, "we could not fulfil it" (decision 013) and "shipped". All ours. The shipped
// e-mail's subject is adminFulfilment.shippedMailSubject (admin.ts): the order's timeline names it.
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

export const orderMails = {
  greeting: (firstName: string | null | undefined): string => (firstName ? `Dear ${firstName},` : "Hello,"),
  /** Every order e-mail ends with it, so the shopper knows which shop wrote. */
  signOff: (shopName: string): string => `Thank you for shopping with ${shopName}.`,
  /** The sign-off of an e-mail with bad news (cancelled, could not fulfil): thanks would read oddly there. */
  regards: (shopName: string): string => `Kind regards, ${shopName}`,
  /** How to reach the shop, above the sign-off: its e-mail (replies go there too) and the contact form. */
  helpByEmail: (email: string): string => `Questions? Reply to this e-mail or write to ${email}.`,
  helpByForm: "Questions? Use the contact form on our website.",
  contactForm: "Contact form",
  lookup: "You can look up this order at any time with its number and your e-mail address",
  lookupLink: (number: string): string => `look up order ${number}`,
  /** Where no public address is known to link from (a test applying a payment directly). */
  lookupPage: "on our order lookup page",

  confirmedSubject: (number: string): string => `Order ${number} confirmed`,
  /** An order with nothing to pay (a 100% code, free shipping) took no payment, so it does not claim one. */
  confirmedIntro: (number: string, nothingToPay = false): string =>
    `Thank you for your order ${number}. ${nothingToPay ? "It is confirmed" : "Your payment was received"} and we are preparing your items.`,
  /** After a line of more than one unit, its unit price: the line's amount is for all of them. */
  each: (unitPrice: string): string => `${unitPrice} each`,
  subtotal: "Subtotal",
  shipping: (method: string): string => `Shipping (${method})`,
  freeShipping: "Free",
  totalPaid: "Total paid",
  deliveringTo: (address: string): string => `Delivering to: ${address}`,
  /** The right to cancel, confirmed with the order as the law asks (src/domain/consumer-rights.ts). */
  cancelRight: (days: number): string =>
    `You may cancel this order for any reason within ${days} days of receiving it (a custom tailored item only until we start making it).`,
  termsLink: "Our Terms of Sale explain how, with a cancellation form",
  termsPage: "Our Terms of Sale on our website explain how, with a cancellation form.",

  notFulfilledSubject: (number: string): string => `Order ${number}: we could not fulfil it`,
  notFulfilledIntro: (number: string, reason: string): string => `Thank you for your order ${number}. ${reason}`,
  refundingInFull: (amount: string): string => `Your payment of ${amount} is being refunded in full to the card you used.`,
  sorry: "We are sorry for the disappointment.",

  shippedIntro: (number: string): string => `Good news: your order ${number} has been shipped.`,
  shippedItems: "In your parcel:",
  carrier: (carrier: string): string => `Carrier: ${carrier}`,
  trackingNumber: (trackingNumber: string): string => `Tracking number: ${trackingNumber}`,
  trackingUpdatedIntro: (number: string): string => `The tracking details of your order ${number} have changed. Please use these from now on:`,
  noTracking: "No tracking number.",
  /** Under the number, when the carrier's tracking page is known (src/domain/carrier-tracking.ts). */
  trackParcel: (carrier: string): string => `Track your parcel on the ${carrier} website`,

  // The shop's own notice of a paid order, to its contact e-mail, so the owner hears of every order. Ours.
  newOrderSubject: (number: string, total: string): string => `New order ${number}: ${total}`,
  newOrderIntro: (customer: string, number: string, total: string): string => `${customer} placed order ${number} and paid ${total}.`,
  newOrderOpen: "Open it in the back office",

  // A cancelled order set going again after its customer was told, who would think it cancelled. Ours.
  backOnSubject: (number: string): string => `Order ${number} is going ahead`,
  backOnIntro: (number: string): string =>
    `Good news: your order ${number} is going ahead after all, and we are preparing your items. We are sorry for the confusion about its cancellation.`,

  cancelledSubject: (number: string): string => `Order ${number} has been cancelled`,
  cancelledIntro: (number: string): string => `We have cancelled your order ${number}, so it will not be sent.`,
  /** A cancel after the parcel left: it cannot be "not sent", so the parcel is asked back. */
  cancelledAfterSending: (number: string): string =>
    `We have cancelled your order ${number}. It had already been sent: when the parcel reaches you, please contact us and we will tell you how to send it back.`,
  cancelledRefunded: (amount: string): string => `Your payment of ${amount} has been refunded to the card you used.`,
  /** A paid order cancelled before any refund: the amount held is named; how to reach the shop follows. */
  cancelledPaymentOpen: (amount: string): string => `Your payment of ${amount} has not been refunded yet: we will be in touch about it.`,
  cancelledPartRefunded: (refunded: string): string =>
    `${refunded} of your payment has already been refunded to the card you used; we will be in touch about the rest.`,

  refundedInFull: (number: string, amount: string): string => `We have refunded your order ${number} in full: ${amount}.`,
  refundedPart: (amount: string, number: string): string => `We have refunded ${amount} of your order ${number}.`,
  /** The refund that brings an earlier part refund up to the whole payment: its amount is the rest, not the whole. */
  refundedRest: (amount: string, number: string): string => `We have refunded the remaining ${amount} of your order ${number}: it is now refunded in full.`,
  refundReason: (reason: string): string => `Reason: ${reason}`,
  refundedSoFar: (refunded: string, total: string): string => `Refunded so far: ${refunded} of the ${total} you paid.`,
  refundToCard: "The money goes back to the card you paid with; your bank may take 5 to 10 working days to show it.",
} as const;
