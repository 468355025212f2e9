/**
 * Whether a form post is the browser's own navigation (a plain form, before JavaScript has loaded
 * or without it) rather than the app's fetch: such a post is answered with a redirect, so the page
 * that follows is loaded afresh with the cookies the answer set.
 */
export function isDocumentPost(request: Request): boolean {
  return request.headers.get("sec-fetch-mode") === "navigate";
}
