// Texts of the contact form (storefront.md sections 2, 5, 8).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

/** storefront.md section 2 "Contact", section 5 "Contact", section 8 "Contact". */
export const contact = {
  missingInfoTitle: "Missing Information",
  missingInfo: "Please fill in all required fields.",
  errorTitle: "Error",
  failed: "Failed to send message. Please try again or contact us directly.",
  sentTitle: "Message Sent!",
  sentBody: "Thank you for getting in touch. We will reply within 24 hours.", // ours
} as const;
