// "write to shop@example.com" or "use our contact form": how the policy pages tell a shopper to
// reach the shop, by its e-mail from /admin/settings when one is set.
import { Link } from "react-router";

export const policyLinkClass = "font-medium text-brand-700 underline";

export function WriteToShop({ email }: { email: string | null }) {
  return email ? (
    <>
      write to{" "}
      <a href={`mailto:${email}`} className={policyLinkClass}>
        {email}
      </a>
    </>
  ) : (
    <>
      use{" "}
      <Link to="/contact" className={policyLinkClass}>
        our contact form
      </Link>
    </>
  );
}
