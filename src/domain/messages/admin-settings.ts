// Texts of the admin Settings screen (ours: the spec's sidebar names Settings but has no page;
// issue 14 lists what it holds). Spec texts are typed once, in src/domain/messages/.

import type { Currency } from "../money.ts";
import { validation } from "./forms.ts";

export const adminSettings = {
  title: "Settings",
  subtitle: "Prices, the shop's details, who can open the back office and how they sign in.",
  // Two forms on one page: each button says what it saves, as a screen reader lists them apart.
  savePrices: "Save prices",
  saveShopDetails: "Save shop details",
  saving: "Saving...",
  saved: "Settings saved",
  saveFailed: "The settings could not be saved. Please try again.",
  fixFields: "Please correct the fields marked below.",

  pricesTitle: "Prices",
  pricesNote: "Applied to every storefront page at once, cached pages included. Stripe always charges in pounds.",
  markupPercent: "Markup (%)",
  markupHint: "Added to each product's Price (GBP) on the storefront. 0 to 1000.",
  displayCurrency: "Default display currency",
  displayCurrencyHint: "What a shopper sees before choosing a currency in the header.",
  exchangeRate: "GBP to GHS rate",
  exchangeRateHint: "Cedis per pound, for shoppers who view prices in GHS.",
  markupInvalid: "Markup must be a number from 0 to 1000 with at most 2 decimals",
  currencyInvalid: "Display currency must be GBP or GHS",
  rateInvalid: "The rate must be a number above 0 and at most 100000, with at most 4 decimals",
  // Asked before a new markup or rate is saved: one Save reprices every product at once.
  confirmPricesTitle: "Change the shop's prices?",
  markupChange: (before: number, after: number): string => `Markup: ${before}% → ${after}%`,
  rateChange: (before: number, after: number): string => `GBP to GHS rate: ${before} → ${after}`,
  pricesAffected: (changed: number, active: number, cedisOnly: boolean): string => {
    if (active === 0) return "The shop has no active products yet: no price shown today changes.";
    if (changed === 0) return `None of the ${active} active products changes price: the new figure rounds to the same prices.`;
    const products = changed < active ? `${changed} of the ${active} active products` : active === 1 ? "the 1 active product" : `all ${active} active products`;
    return cedisOnly
      ? `Prices in cedis (GHS) change for ${products}. Prices in pounds, and what Stripe charges, stay as they are.`
      : `Prices change for ${products}, on every page of the shop, in shoppers' carts and at checkout.`;
  },
  examplesIntro: "What shoppers will see, for example:",
  priceBeforeAfter: (before: string, after: string): string => `${before} → ${after}`,
  largePriceChange: (direction: "up" | "down", currency: Currency): string =>
    `A large change: prices in ${currency === "GBP" ? "pounds" : "cedis"} ${direction === "up" ? "more than double" : "fall to less than half"}. Check the figures for a typo before you confirm.`,
  changePrices: "Change prices",
  changingPrices: "Changing prices...",
  back: "Back",
  pricesConfirmNeeded:
    'A new markup or GBP to GHS rate changes the price of every product: nothing was saved. Send the same change again with "confirm": true to make it ("preview" says what it does).',

  shopTitle: "Shop details",
  shopName: "Shop name",
  shopNameHint: "The name at the top and foot of every page of the shop and in its browser tab titles. Signs the shop's e-mails and, unless the server sets MAIL_FROM, is the name they come from; also the first line of shipping labels while no sender address is set, the name authenticator apps show for this shop, and the name at the top of this back office.",
  contactEmail: "Contact e-mail",
  contactEmailHint: (fallback: string): string => `Where contact-form messages and new-order notices go, and where customers' replies to the shop's e-mails arrive. Leave empty to use ${fallback}.`,
  senderAddress: "Sender and return address",
  senderAddressHint: "Printed on shipping labels and shown on the Contact page, the Terms of Sale and the privacy notice, one line per row (name, street, town, postcode, country). Leave empty to use the server's default.",
  shopNameInvalid: "Shop name is required (at most 80 characters)",
  contactEmailInvalid: "Please enter a valid e-mail address, or leave it empty",
  senderAddressInvalid: "The address can have at most 8 lines of at most 80 characters",
  contactPhone: "Contact phone",
  contactPhoneHint: "Shown on the Contact page. Leave empty to show no phone number.",
  contactPhoneInvalid: validation.invalidPhone,
  socialTitle: "Social links",
  socialHint: "The full address of the shop's page on each network (https://...). The footer shows only the ones filled in.",
  socialUrlInvalid: "Please enter a full web address starting with https://, or leave it empty",

  adminsTitle: "Admins",
  adminsNote: "People who can open the back office. They sign in with their own shop account.",
  addAdmin: "Add admin",
  addAdminLabel: "E-mail of an existing account",
  adding: "Adding...",
  you: "you",
  since: (date: string): string => `Admin since ${date}`,
  twoFactorOn: "Two-factor on",
  twoFactorOff: "Two-factor off",
  remove: "Remove",
  removing: "Removing...",
  confirmRemove: (email: string): string =>
    `Remove ${email} as an admin? They keep their shop account but can no longer open the back office.`,
  cancel: "Cancel",
  adminAdded: (email: string): string => `${email} is now an admin`,
  adminRemoved: (email: string): string => `${email} is no longer an admin`,
  noSuchAccount: "No account uses that e-mail address. Ask the person to create an account on the shop first, then add them here.",
  alreadyAdmin: (email: string): string => `${email} is already an admin`,
  unconfirmedAccount: (email: string): string =>
    `The account ${email} has not confirmed its e-mail address, so it cannot be made an admin yet. The shop has just e-mailed ${email} a confirmation link: add them again once they have confirmed their address with it.`,
  emailInvalid: "Please enter a valid e-mail address",
  cannotRemoveSelf: "You cannot remove yourself as an admin. Ask another admin to do it.",
  cannotRemoveLast: "The last admin cannot be removed: the back office would have nobody to run it.",
  notAnAdmin: "That account is not an admin.",

  passwordTitle: "Change your password",
  passwordNote: "The password you sign in with. Changing it signs you out on every other device, and the account is e-mailed.",
  twoFactorTitle: "Two-factor sign-in",
  twoFactorNote: "After the password, sign-in asks for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy...).",
  twoFactorEnabledForYou: "Two-factor sign-in is on for your account.",
  twoFactorDisabledForYou: "Two-factor sign-in is off for your account.",
  setUp: "Set up two-factor sign-in",
  passwordLabel: "Your password",
  passwordToStart: "Enter your password to start.",
  start: "Continue",
  // The heading the focus moves to once the password is accepted.
  finishSetUp: "Finish setting up two-factor sign-in",
  scanOrType: "Add this account to your authenticator app: open the link on this device, or type the key by hand.",
  openInApp: "Open in authenticator app",
  secretKey: "Key",
  setupLink: "Setup link (otpauth)",
  backupCodesTitle: "Backup codes",
  backupCodesNote: "Save these codes somewhere safe. Each one lets you sign in once if you lose your phone. They are shown only now.",
  confirmCode: "Enter the 6-digit code the app now shows",
  confirm: "Turn on",
  twoFactorTurnedOn: "Two-factor sign-in is on",
  turnOff: "Turn off two-factor sign-in",
  turnOffConfirm: "Turn off",
  twoFactorTurnedOff: "Two-factor sign-in is off",
  wrongPassword: "That password is not right.",
  wrongCode: "That code is not right. Check the code in your authenticator app and try again.",
  setupExpired: "The setup was not finished. Please start again.",
  alreadyOn: "Two-factor sign-in is already on for your account.",
  requireTitle: "Require two-factor sign-in for every admin",
  requireHint: "An admin without it is sent here to set it up before any other admin page opens.",
  requireInvalid: '"Require two-factor sign-in for every admin" must be true or false',
  requireNeedsYours: "Turn on two-factor sign-in for your own account first: otherwise you would be sent to set it up yourself.",
  cannotTurnOffWhileRequired: "Two-factor sign-in is required for every admin, so it cannot be turned off. An admin can switch the requirement off first.",
  mustEnrolTitle: "Set up two-factor sign-in to continue",
  mustEnrolBody: "This shop requires every admin to sign in with a code from an authenticator app. Set it up below; the rest of the back office opens once it is on.",
  requiredApi: "Two-factor sign-in is required for admins: set it up on the Settings page first.",
} as const;
