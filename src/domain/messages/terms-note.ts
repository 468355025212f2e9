// The line that gives the Terms of Sale before a payment, as a distance sale requires: under the
// checkout's Pay button, on the built-in payment page, and as Stripe Checkout's text above its Pay
// button (Buy Now reaches the payment page without passing the checkout). All ours.

export const termsNote = {
  before: "By paying you accept our",
  link: "Terms of Sale",
  after: (days: number): string => `, which give you ${days} days from delivery to cancel.`,
  opensInNewTab: "(opens in a new tab)",
} as const;

/** The same line for Stripe Checkout's custom text, which takes a Markdown link. */
export function termsNoteMarkdown(termsUrl: string, days: number): string {
  return `${termsNote.before} [${termsNote.link}](${termsUrl})${termsNote.after(days)}`;
}
