// Privacy notice (ours: storefront.md has no such page; a UK shop must say what it does with the
// data it collects, UK GDPR article 13). Every sentence describes what this shop's code does: what
// each form keeps, which cookies it sets, who else receives what. The shop's name, address and
// e-mail come from /admin/settings, as on /contact.
import { staticPageHead } from "../components/static/page-meta.ts";
import { WriteToShop } from "../components/static/shop-contact.tsx";
import { PageSection, PolicyList, StaticPage } from "../components/static/static-page.tsx";
import { getPublicShopDetails } from "../../server/settings/shop-settings.server.ts";
import { appContext } from "../app-context.ts";
import type { Route } from "./+types/privacy";

const TITLE = "Privacy Notice";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageHead(matches, "/privacy", TITLE, "What we collect when you shop with us, why, who else sees it, the cookies we set and your rights.");

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const shop = await getPublicShopDetails(app.db, app.config);
  return { shopName: shop.shopName, email: shop.email, address: shop.address };
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const { shopName, email, address } = loaderData;
  const write = <WriteToShop email={email} />;
  return (
    <StaticPage title={TITLE} intro={`${shopName} collects only what it needs to sell and deliver your order and to answer you. This notice says what that is, why, who else sees it and what you can ask of us.`}>
      <PageSection title="Who we are">
        <p>
          {shopName} is responsible for the personal data described here.
          {address ? ` Our address: ${address.join(", ")}.` : null} To ask anything about your data, {write}.
        </p>
      </PageSection>

      <PageSection title="What we collect and why">
        <PolicyList
          items={[
            "An order: your name, e-mail address, phone number if you give one, the delivery address and what you bought. We use them to take the payment, send the parcel and the order's e-mails, and handle a return. This is needed to carry out our contract with you.",
            "An account, if you open one: your name, e-mail address and phone number if you give one, and your password, which we keep only in a scrambled form that cannot be read back. It lets you sign in and see your orders.",
            "A message from the contact form: your name, e-mail address, phone number if you give one, and the message, so that we can answer it.",
            "Your connection's internet address, for a few minutes, to limit repeated attempts to sign in, check out or try discount codes. It protects your account and our customers' codes.",
          ]}
        />
        <p>
          Card details are typed on the payment provider's page and never reach us: we keep only the payment's reference and whether it was paid or
          refunded.
        </p>
      </PageSection>

      <PageSection title="Cookies and storage in your browser">
        <PolicyList
          items={[
            "While you are signed in, a cookie keeps you signed in. It is needed for your account to work.",
            "A cookie remembers the currency you chose to see prices in (for a year).",
            "At checkout, a cookie names this browser's cart (for 90 days), so that only its newest payment page can be paid and you are never charged twice for one cart.",
            "Your cart, when you are not signed in, and the details you typed at checkout stay in your browser's own storage, not with us, until you pay.",
          ]}
        />
        <p>We use no advertising or analytics cookies, and nothing here follows you to other websites.</p>
      </PageSection>

      <PageSection title="Who else sees it">
        <PolicyList
          items={[
            "Our payment provider, to take and refund payments.",
            "The service that delivers our e-mails, for the e-mails about your order and account.",
            "The carrier of your parcel: the recipient's name, the delivery address and the phone number, to deliver it.",
          ]}
        />
        <p>We do not sell your data or share it for marketing.</p>
      </PageSection>

      <PageSection title="How long we keep it">
        <p>
          Orders are kept for as long as the law requires us to keep accounting records. An account is kept until you ask us to close it; a
          contact message for as long as it takes to deal with it.
        </p>
      </PageSection>

      <PageSection title="Your rights">
        <p>
          You can ask for a copy of the data we hold about you, ask us to correct it or delete it, and object to how we use it: {write}.
          When we delete it, your orders stay in our accounts without your name, e-mail, phone or address; an order we still have to send
          or refund is finished first.
          If you are not satisfied with our answer, you can complain to the Information Commissioner's Office (ico.org.uk).
        </p>
      </PageSection>
    </StaticPage>
  );
}
