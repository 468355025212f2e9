// A route module without a `headers` function passes on only the cookies of its loader and action
// (React Router's document headers): a 429's Retry-After, which docs/api.md promises, never
// reached the browser (issue 10, item 20). Routes whose actions answer 429 use this.

const FROM_ACTION = ["Retry-After", "Cache-Control"];

/** The parent routes' headers, plus the action's Retry-After and Cache-Control when it set them. */
export function withActionHeaders({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  for (const name of FROM_ACTION) {
    const value = actionHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  return headers;
}
