import { useNonce } from "../nonce.tsx";

/**
 * schema.org Product data in the page, as the product loader wrote it (productJsonLd and
 * serializeJsonLd run on the server only, so the page's JavaScript does not carry them).
 * `application/ld+json` is data, never executed, so the Content-Security-Policy does not apply to
 * it; it carries the nonce anyway so every inline script of the document has one. The browser
 * hides nonce values, hence no hydration check.
 */
export function ProductJsonLd({ json }: { json: string }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
