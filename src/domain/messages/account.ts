// Texts of signing in and up (storefront.md sections 2, 5, 8).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

/** storefront.md section 4 "Authentication", section 8 "Sign in and sign up". */
export const auth = {
  signIn: "Sign In",
  signUp: "Sign Up",
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  accountExists: "An account with this email already exists. Please sign in instead.",
  unexpected: "An unexpected error occurred",
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  // ours: the spec's text asks for a verification the shop does not require unless
  // REQUIRE_EMAIL_VERIFICATION is on; the shopper is already signed in (docs/deviations.md).
  signUpSignedIn: "Account created successfully! You are signed in.",
  signUpConfirmLater: "We have e-mailed you a link to confirm your address when it suits you.",
  pageTitle: "Sign in or create an account",
  signOut: "Sign Out",
  // ours
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  accountThrottled: "Too many failed sign-in attempts for this account. Please try again later, or reset your password.",
  invalidCharacters: "This field contains a character we cannot accept. Please retype it.",
  forgotPassword: "Forgot password?",
  emailNotVerified: "Please verify your email address first. We have sent you a new link.",
  // Past the limit of new links (three an hour), or when the page holds a link already.
  emailNotVerifiedNoNewLink: "Please verify your email address first with the link we have e-mailed you. If you cannot find it, check your spam folder, or sign in again later for a new one.",
  emailVerified: "Thank you, your email address is verified.",
  // With verification required, a sign-in sends a new link; otherwise the account page does.
  verificationLinkFailed: "This confirmation link has expired or is not complete. Please sign in: if your address still needs confirming, we will e-mail you a new link.",
  verificationLinkFailedAskAgain: "This confirmation link has expired or is not complete. If your address still needs confirming, ask for a new link on My orders.",
  signingIn: "Signing in...",
  creatingAccount: "Creating account...",
} as const;

/** Password reset (ours: the spec has no reset; issue 10 asks for one). */
export const passwordReset = {
  title: "Reset your password",
  requestIntro: "Enter the e-mail address of your account and we will send you a link to choose a new password.",
  sendLink: "Send reset link",
  sendingLink: "Sending...",
  // The same answer whether or not the address has an account: nobody learns who shops here.
  linkSent: "If an account exists for that e-mail address, we have sent it a link to reset the password. The link works once and expires in 1 hour.",
  newPasswordTitle: "Choose a new password",
  newPasswordLabel: "New password",
  confirmPasswordLabel: "Confirm new password",
  newPasswordHint: "at least 8 characters, not a common password",
  save: "Save new password",
  saving: "Saving...",
  done: "Your password has been changed. Please sign in with your new password.",
  requestNewLink: "Ask for a new link",
  backToSignIn: "Back to Sign In",
  mailSubject: "Reset your password",
  mailText: (url: string, minutes: number, shopName: string): string =>
    `Someone asked to reset the password of your ${shopName} account. To choose a new password, open this link:\n\n${url}\n\nThe link works once and expires in ${minutes} minutes. When you change your password, every device signed in to your account is signed out.\n\nIf you did not ask for this, you can ignore this message: your password stays as it is.`,
  /** Sent once a reset link has been used: whoever could read the mailbox is the one to warn. Ours. */
  changedMailText: (shopName: string, resetUrl: string): string =>
    `The password of your ${shopName} account was just reset with a link sent to this address, and every device signed in to it was signed out.\n\nIf you reset it, there is nothing more to do.\n\nIf you did not, someone else may be reading your e-mail: secure your e-mail account, then choose a new password at ${resetUrl}`,
} as const;

/** A signed-in shopper's change of password, on their account page (ours). */
export const passwordChange = {
  title: "Change your password",
  intro: "Type your current password, then the new one twice. Every other device signed in to your account is signed out; this one stays signed in.",
  currentPasswordLabel: "Current password",
  save: "Change password",
  saving: "Saving...",
  done: "Your password has been changed. Every other device signed in to your account has been signed out.",
  wrongCurrent: "That is not your current password. Please check it and try again.",
  noPassword: "This account has no password to change. Use 'Forgot password?' on the sign-in page to set one.",
  tooManyAttempts: (retryAfterSeconds: number): string => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Too many tries to change the password. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`;
  },
  notChanged: "Your password could not be changed. Please reload the page and try again.",
  signedOut: "You have been signed out. Please sign in again to change your password.",
  mailSubject: "Your password was changed",
  mailText: (shopName: string, resetUrl: string): string =>
    `The password of your ${shopName} account was just changed, and every other device signed in to it was signed out.\n\nIf you changed it, there is nothing more to do.\n\nIf you did not, someone else may be using your account: choose a new password now at ${resetUrl}`,
} as const;

/**
 * The e-mail that confirms a new account's address (ours); its link works for `minutes` and
 * confirms only for the account holder: in a browser signed in to the account, or after signing in.
 */
export const verifyMail = {
  text: (shopName: string, url: string, minutes: number): string =>
    `Welcome to ${shopName}! Please confirm your e-mail address by opening this link where you are signed in to your account, or by signing in on the page it opens:\n\n${url}\n\nThe link works for ${minutes} minutes. If it has expired, sign in and ask for a new one.\n\nIf you did not open an account with ${shopName}, you can ignore this message: nothing is confirmed without signing in to the account.`,
} as const;

/** The page a confirmation link opens, for anyone but a browser signed in to the link's account (ours). */
export const emailConfirmation = {
  title: "Confirm your e-mail address",
  signInToConfirm: (email: string): string => `To confirm ${email}, please sign in to its account. Only the account holder can confirm its address.`,
  alreadyConfirmed: (email: string): string => `${email} is confirmed already. Please sign in to continue.`,
  otherAccount: (signedInAs: string): string => `You are signed in as ${signedInAs}, a different account. Signing in here switches to the account this link is for.`,
  notYours:
    "Did not open an account with us? Then there is nothing to do: the address is confirmed only when the account holder signs in. If someone has made an account with your address, you can take it over with 'Forgot password?'.",
} as const;

/** A signed-in shopper's address confirmation, asked for again from the account page (ours). */
export const accountConfirmation = {
  resend: "Send the link again",
  sending: "Sending...",
  sent: (email: string): string => `We have sent a new link to ${email}. It works for an hour.`,
  tooMany: (times: number): string => `A new link was sent ${times} times this hour already. Please check your inbox and spam folder, or try again later.`,
  alreadyConfirmed: "Your e-mail address is confirmed already.",
} as const;

/** The code step of a sign-in for an account with two-factor sign-in on (ours; decision 037). */
export const twoFactorSignIn = {
  title: "Enter your sign-in code",
  intro: "Open your authenticator app and enter the 6-digit code it shows for this shop.",
  codeLabel: "6-digit code",
  backupCodeLabel: "Backup code",
  useBackupCode: "Use a backup code instead",
  useAppCode: "Use a code from the app instead",
  backupIntro: "Enter one of the backup codes you saved when you set up two-factor sign-in. Each code works once.",
  verify: "Verify",
  verifying: "Verifying...",
  wrongCode: "That code is not right. Check the code in your authenticator app and try again.",
  expired: "This sign-in has expired. Please sign in again with your password.",
  locked: "Too many wrong codes. Please wait 15 minutes and try again.",
  codeRequired: "Please enter the code.",
  startAgain: "Start again",
  backupHint: "Lost your phone? Enter one of your backup codes instead.",
} as const;
