// Reading a posted form's fields as text. A field the form did not send reads as empty, and so
// does a file sent where text was expected: each reader then answers an empty field with its own
// message, never a 5xx.

/** The reader of `form`'s fields by name; a missing form (a request that was no form) reads as empty. */
export function formText(form: { get(name: string): unknown } | null | undefined): (name: string) => string {
  return (name) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
}
