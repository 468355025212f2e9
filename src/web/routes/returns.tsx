// Returns & Exchanges (storefront.md section 2 "Static pages", section 9 "Policies on the static
// pages").
import { Clock } from "../components/icons/clock.tsx";
import { Headphones } from "../components/icons/headphones.tsx";
import { Repeat } from "../components/icons/repeat.tsx";
import { RotateCcw } from "../components/icons/rotate-ccw.tsx";
import { Link } from "react-router";
import { CANCELLATION_RIGHT_DAYS } from "../../domain/consumer-rights.ts";
import { policies, policyHighlights } from "../components/static/policies.ts";
import { staticPageHead } from "../components/static/page-meta.ts";
import { PageSection, PolicyList, StaticPage, SupportCallout } from "../components/static/static-page.tsx";
import type { Route } from "./+types/returns";

const TITLE = "Returns & Exchanges";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageHead(matches, "/returns", TITLE, `${policies.returns} ${policies.freeExchange}`);

const HIGHLIGHTS = [
  { icon: RotateCcw, label: policyHighlights.returns },
  { icon: Repeat, label: policyHighlights.exchange },
  { icon: Clock, label: policyHighlights.cancellation },
  { icon: Headphones, label: policyHighlights.support },
];

export default function ReturnsPage() {
  return (
    <StaticPage
      title={TITLE}
      intro="We want you to love what you ordered. If something is not right, you can return it or exchange it for another size or colour."
    >
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="At a glance">
        {HIGHLIGHTS.map(({ icon: Icon, label }) => (
          <li key={label} className="flex flex-col items-center gap-2 rounded-lg bg-brand-50 px-3 py-4 text-center text-sm font-medium">
            <Icon aria-hidden className="h-6 w-6 text-brand-700" />
            {label}
          </li>
        ))}
      </ul>

      <PageSection title="Returns">
        <PolicyList items={[policies.returns, policies.customTailoredNonReturnable, policies.saleFinal]} />
        <p>
          Refunds go back to the card you paid with once your return has reached us and been checked.
        </p>
      </PageSection>

      <PageSection title="Exchanges">
        <PolicyList items={[policies.freeExchange, policies.extraExchangeFee]} />
        <p>
          Not sure which size to choose? Our <Link to="/size-guide" className="font-medium text-brand-700 underline">size guide</Link>{" "}
          has chest, waist and length measurements for every size, and shoe size conversions.
        </p>
      </PageSection>

      <PageSection title="Cancelling an order">
        <PolicyList items={[policies.cancellation]} />
        <p>Once an order has been processed it can no longer be cancelled, but you can still return it as described above.</p>
      </PageSection>

      <PageSection title="How to return or exchange an item">
        <ol className="list-decimal space-y-2 pl-5 marker:font-semibold marker:text-brand-700">
          <li>
            <Link to="/contact" className="font-medium text-brand-700 underline">
              Send us a message
            </Link>{" "}
            with your order number, the item and whether you would like a refund or an exchange.
          </li>
          <li>We reply with your return instructions and the address to send it to.</li>
          <li>Pack the item unworn, with its original tags still attached, and send it back to us.</li>
          <li>We refund you or send out your exchange as soon as the item has arrived and been checked.</li>
        </ol>
        <p>If an item arrives faulty or damaged, sale items included, tell us and we will put it right.</p>
      </PageSection>

      <PageSection title="Your legal rights">
        <p>
          These policies add to your rights and take none away. Whatever you bought online, sale items included, you may cancel within{" "}
          {CANCELLATION_RIGHT_DAYS} days of receiving it, except a custom tailored item already being made. Our{" "}
          <Link to="/terms" className="font-medium text-brand-700 underline">
            Terms of Sale
          </Link>{" "}
          explain how, with a cancellation form.
        </p>
      </PageSection>

      <SupportCallout />
    </StaticPage>
  );
}
