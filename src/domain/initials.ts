/**
 * The navigation avatar's initials (storefront.md section 2 "Navigation bar": "Signed in: an
 * initials avatar"): first and last name's first letters, else the e-mail's first letter.
 */
export function initials(firstName: string, lastName: string, email: string): string {
  const first = [...firstName.trim()][0] ?? "";
  const last = [...lastName.trim()][0] ?? "";
  const letters = `${first}${last}`;
  if (letters) return letters.toLocaleUpperCase("en-GB");
  return ([...email.trim()][0] ?? "?").toLocaleUpperCase("en-GB");
}
