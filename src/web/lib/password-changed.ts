// A change of password posted before JavaScript has loaded is answered with a redirect (the
// loaders of the post itself would still read the session the change ended), to the page's form
// with this mark in its URL, so the page that follows can say the change was made.

const PARAM = "password";
const VALUE = "changed";
/** The id of the change-of-password form's section, where the redirect lands. */
export const PASSWORD_SECTION_ID = "change-password";

/** `path`, at its change-of-password form, marked as just changed. */
export function passwordChangedHref(path: string): string {
  return `${path}?${PARAM}=${VALUE}#${PASSWORD_SECTION_ID}`;
}

/** Whether the page was reached by that redirect. */
export function isPasswordJustChanged(params: URLSearchParams): boolean {
  return params.get(PARAM) === VALUE;
}
