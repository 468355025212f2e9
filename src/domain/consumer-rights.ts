// What the law gives a UK consumer who buys online, whatever the shop's own policies add: shown on
// the Terms of Sale and Returns pages and in the order e-mail.

/** The right to cancel an order bought online, counted from delivery (Consumer Contracts Regulations 2013). */
export const CANCELLATION_RIGHT_DAYS = 14;
/** The window to reject a faulty item for a full refund, counted from delivery (Consumer Rights Act 2015). */
export const REJECTION_WINDOW_DAYS = 30;
