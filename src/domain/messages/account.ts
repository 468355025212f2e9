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
  signOut: "Sign Out",
  // ours
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  emailNotVerified: "Please verify your email address first. We have sent you a new link.",
  emailVerified: "Thank you, your email address is verified.",
  signingIn: "Signing in...",
  creatingAccount: "Creating account...",
} as const;
