// Terms of Sale (ours: storefront.md has no such page). A UK shop selling at a distance must tell
// the buyer, before the order, who it is and where, how the contract is made, the price and
// delivery, and the right to cancel within 14 days with the model form (Consumer Contracts
// Regulations 2013), and may not take away the rights the Consumer Rights Act 2015 gives for a
// faulty item. The shop's own, longer policies (Returns & Exchanges) add to these. The name,
// address and e-mail come from /admin/settings, as on /contact and /privacy.
import { Link } from "react-router";
import { CANCELLATION_RIGHT_DAYS, REJECTION_WINDOW_DAYS } from "../../domain/consumer-rights.ts";
import { staticPageHead } from "../components/static/page-meta.ts";
import { policyLinkClass, WriteToShop } from "../components/static/shop-contact.tsx";
import { PageSection, PolicyList, StaticPage } from "../components/static/static-page.tsx";
import { getPublicShopDetails } from "../../server/settings/shop-settings.server.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/terms";

const TITLE = "Terms of Sale";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageHead(matches, "/terms", TITLE, "Who we are, how an order becomes a contract, prices, delivery, your right to cancel within 14 days and what happens if an item is faulty.");

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const shop = await getPublicShopDetails(app.db, app.config);
  return { shopName: shop.shopName, email: shop.email, phone: shop.phone, address: shop.address };
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { shopName, email, phone, address } = loaderData;
  const write = <WriteToShop email={email} />;
  return (
    <StaticPage
      title={TITLE}
      intro={`These terms apply to every order placed with ${shopName} on this website. They add to your legal rights as a consumer and take none of them away.`}
    >
      <PageSection title="Who we are">
        <p>
          {shopName}
          {address ? `, ${address.join(", ")}` : null}. To reach us, {write}
          {phone ? `, or call ${phone}` : null}.
        </p>
      </PageSection>

      <PageSection title="Your order">
        <PolicyList
          items={[
            "Placing an order is an offer to buy the items in it. The contract is made when we e-mail you the order confirmation, once your payment has been received.",
            "If we cannot supply an item after all (for example, the last one sold at the same moment), we tell you by e-mail and refund your payment in full.",
          ]}
        />
      </PageSection>

      <PageSection title="Prices and payment">
        <PolicyList
          items={[
            "Prices are in pounds sterling (£) and include any VAT due. A price shown in another currency is a guide: you are always charged in pounds, and your card provider converts the amount.",
            "Delivery is charged as shown at checkout, before you pay. A discount code is applied at checkout and shown in the total.",
            "You pay by card on our payment provider's page when you place the order. Your card details never reach us.",
          ]}
        />
      </PageSection>

      <PageSection title="Delivery">
        <PolicyList
          items={[
            "We deliver to the United Kingdom and to most countries abroad. Checkout shows the price and the expected delivery time for your destination before you pay, and says so if we cannot deliver there.",
            "Orders delivered outside the United Kingdom may be charged import duties and taxes by the destination country. The recipient pays them.",
            "We e-mail you when your order is on its way, with the carrier's tracking details when the parcel has them.",
          ]}
        />
      </PageSection>

      <PageSection title="Your right to cancel">
        <PolicyList
          items={[
            `You may cancel an order for any reason within ${CANCELLATION_RIGHT_DAYS} days of the day you receive it (for an order sent in several parcels, the day the last one arrives). This applies to sale items too.`,
            `To cancel, tell us clearly before the ${CANCELLATION_RIGHT_DAYS} days are up. You may use the model form below, but you do not have to.`,
            `Send the items back within ${CANCELLATION_RIGHT_DAYS} days of telling us. Unless an item is faulty or not what you ordered, you pay for sending it back.`,
            `We refund the price and the standard delivery cost you paid within ${CANCELLATION_RIGHT_DAYS} days of receiving the items back, or of your proof that you sent them if that comes first, to the card you paid with.`,
            "We may reduce a refund if an item was handled more than you would need to see what it is and how it fits, as you could in a shop.",
            "Custom tailored items, made to your measurements, cannot be cancelled once we have started making them.",
          ]}
        />
        <p>
          Our own{" "}
          <Link to="/returns" className={policyLinkClass}>
            returns and exchanges policy
          </Link>{" "}
          gives you longer for unworn items with their tags; you may use whichever suits you.
        </p>
      </PageSection>

      <PageSection title="If an item is faulty">
        <p>
          Every item must be as described, fit for its purpose and of satisfactory quality. If one is not, tell us: within{" "}
          {REJECTION_WINDOW_DAYS} days of delivery you may reject it for a full refund; after that, we repair or replace it, or refund you if that
          is not possible. This applies to sale items and custom tailored items too.
        </p>
      </PageSection>

      <PageSection title="Questions and complaints">
        <p>
          If something has gone wrong with an order, {write}, with your order number. These terms are governed by the law of England and Wales;
          if you live elsewhere in the United Kingdom, you may also bring a claim in your own country's courts.
        </p>
      </PageSection>

      <PageSection title="Model cancellation form" id="cancellation-form">
        <p>Complete and return this form only if you wish to cancel your order.</p>
        <div className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm leading-relaxed" data-testid="cancellation-form">
          <p>
            To: {shopName}
            {address ? `, ${address.join(", ")}` : null}
            {email ? `, ${email}` : null}
          </p>
          <p className="mt-2">I/We (*) hereby give notice that I/We (*) cancel my/our (*) contract of sale of the following goods (*):</p>
          <p className="mt-2">Ordered on (*) / received on (*):</p>
          <p>Order number:</p>
          <p>Name of consumer(s):</p>
          <p>Address of consumer(s):</p>
          <p>Signature of consumer(s) (only if this form is sent on paper):</p>
          <p>Date:</p>
          <p className="mt-2">(*) Delete as appropriate.</p>
        </div>
      </PageSection>
    </StaticPage>
  );
}
