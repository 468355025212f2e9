// Answers to requests the shop cannot read at all (ours): a form posted as something else, a
// broken body, a body over its size limit, a state change from another site, more API requests a
// minute than one client makes.
export const requestErrors = {
  formRequired: "Please send the form as application/x-www-form-urlencoded or multipart/form-data",
  brokenForm: "The form could not be read: the request body is not valid for its Content-Type",
  tooLarge: "The request is too large",
  crossOrigin: "Requests from other sites are not allowed",
  badUrl: "The address contains characters that are not allowed",
  unstorableText: "The request contains characters that are not allowed",
  tooManyRequests: "Too many requests from your connection. Please wait a minute and try again.",
  jsonObjectRequired: "The request body must be a JSON object",
  /** A method the address does not take (the JSON API says the same, in cart.ts's apiErrors). */
  methodNotAllowed: "Method not allowed",
  /** A query parameter that takes one value, given twice (`?status=a&status=b`). */
  repeatedParameter: (name: string): string => `The parameter "${name}" may be given only once`,
  /** A page's form with an intent the page does not have (a page older than the shop's code). */
  unknownForm: "This form cannot be sent here. Please reload the page and try again.",
  /** A request whose fault no field's own message names. */
  unreadable: "The request could not be read",
} as const;
