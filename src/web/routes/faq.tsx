// FAQ (storefront.md section 2 "Static pages", section 9 "Policies on the static pages" and
// "Shipping"). Each question is a native <details>/<summary> disclosure: keyboard and
// screen-reader friendly, and it opens without JavaScript.
import { ChevronDown } from "../components/icons/chevron-down.tsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SHIPPING_NOTICE } from "../../domain/shipping.ts";
import { staticPageHead } from "../components/static/page-meta.ts";
import { policies, REPLY_WITHIN_HOURS } from "../components/static/policies.ts";
import {
  FixedRateTable,
  FreeShippingTable,
  RestrictedDestinations,
  WeightTierTable,
} from "../components/static/shipping-summary.tsx";
import { PageSection, PolicyList, StaticPage, SupportCallout } from "../components/static/static-page.tsx";
import type { Route } from "./+types/faq";

const TITLE = "Frequently Asked Questions";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageHead(
    matches,
    "/faq",
    "FAQ",
    "Answers about orders, custom tailoring, returns, exchanges, shipping costs and delivery times, sizing and support.",
  );

type Question = { question: string; answer: ReactNode };

const linkClass = "font-medium text-brand-700 underline";

const GROUPS: readonly { title: string; questions: readonly Question[] }[] = [
  {
    title: "Orders",
    questions: [
      {
        question: "Can I cancel my order?",
        answer: (
          <>
            <PolicyList items={[policies.cancellation]} />
            <p>
              <Link to="/contact" className={linkClass}>Send us a message</Link> with your order number as soon as you can.
            </p>
          </>
        ),
      },
      {
        question: "How long does custom tailoring take?",
        answer: <PolicyList items={[policies.tailoringTime, policies.customTailoredNonReturnable]} />,
      },
      {
        question: "Which currency do you charge in?",
        answer: (
          <p>
            Prices are in pounds sterling (£). You can show them in Ghanaian cedi (₵) with the currency switch at the top
            of the page; your card is always charged in pounds.
          </p>
        ),
      },
    ],
  },
  {
    title: "Returns & exchanges",
    questions: [
      {
        question: "What is your returns policy?",
        answer: (
          <>
            <PolicyList items={[policies.returns, policies.customTailoredNonReturnable, policies.saleFinal]} />
            <p>
              Read the full policy on our <Link to="/returns" className={linkClass}>Returns &amp; Exchanges</Link> page.
            </p>
          </>
        ),
      },
      {
        question: "How do exchanges work?",
        answer: <PolicyList items={[policies.freeExchange, policies.extraExchangeFee]} />,
      },
    ],
  },
  {
    title: "Shipping",
    questions: [
      {
        question: "How long does delivery take?",
        answer: (
          <>
            <PolicyList items={[policies.internationalShipping]} />
            <p>The delivery time for your destination is shown in the tables below and at checkout.</p>
          </>
        ),
      },
      {
        question: "Where do you ship for free?",
        answer: <FreeShippingTable />,
      },
      {
        question: "How much does shipping cost to other countries?",
        answer: (
          <>
            <p>These countries have a fixed rate per order:</p>
            <FixedRateTable />
            <p>Everywhere else, the price depends on the estimated weight of your parcel:</p>
            <WeightTierTable />
            <p className="text-sm text-brand-900/70">{SHIPPING_NOTICE}</p>
          </>
        ),
      },
      {
        question: "Are there countries you cannot ship to?",
        answer: (
          <>
            <p>We are unable to deliver to these destinations:</p>
            <RestrictedDestinations />
          </>
        ),
      },
    ],
  },
  {
    title: "Sizing",
    questions: [
      {
        question: "How do I find my size?",
        answer: (
          <p>
            Our <Link to="/size-guide" className={linkClass}>size guide</Link> lists chest, waist and length for sizes XS
            to 3XL, and converts US, UK and EU shoe sizes with foot length. If you are between two sizes, choose the
            larger one.
          </p>
        ),
      },
    ],
  },
  {
    title: "Support",
    questions: [
      {
        question: "How can I contact you?",
        answer: (
          <>
            <PolicyList items={[policies.support]} />
            <p>
              Use our <Link to="/contact" className={linkClass}>contact form</Link> and we will reply within{" "}
              {REPLY_WITHIN_HOURS} hours.
            </p>
          </>
        ),
      },
    ],
  },
];

function Disclosure({ question, answer }: Question) {
  return (
    <details className="group border-b border-brand-100 last:border-b-0">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium marker:content-none hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <ChevronDown aria-hidden className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="space-y-4 pb-5 leading-relaxed text-brand-900/85">{answer}</div>
    </details>
  );
}

export default function FaqPage() {
  return (
    <StaticPage
      title={TITLE}
      intro="Quick answers about orders, returns, shipping and sizing. Choose a question to see its answer."
    >
      {GROUPS.map((group) => (
        <PageSection key={group.title} title={group.title}>
          <div className="rounded-lg border border-brand-100 px-4">
            {group.questions.map((item) => (
              <Disclosure key={item.question} {...item} />
            ))}
          </div>
        </PageSection>
      ))}
      <SupportCallout />
    </StaticPage>
  );
}
