// Size Guide (storefront.md section 2 "Static pages", section 9 "Size guide": clothing XS to XXL
// for chest, waist and length in inches; shoe sizes US 7-12 with UK, EU and foot length in cm).
import { Link } from "react-router";
import { DataTable } from "../components/static/data-table.tsx";
import { staticPageHead } from "../components/static/page-meta.ts";
import { policies } from "../components/static/policies.ts";
import { CLOTHING_SIZES, inchesText, SHOE_SIZES, sizeText } from "../components/static/size-charts.ts";
import { PageSection, PolicyList, StaticPage, SupportCallout } from "../components/static/static-page.tsx";
import type { Route } from "./+types/size-guide";

const TITLE = "Size Guide";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageHead(
    matches,
    "/size-guide",
    TITLE,
    "Find your fit: chest, waist and length for sizes XS to XXL, and US, UK and EU shoe sizes with foot length.",
  );

const HOW_TO_MEASURE = [
  { term: "Chest", description: "Around the fullest part of your chest, under your arms, keeping the tape level." },
  { term: "Waist", description: "Around your natural waistline, just above the hip bones, without pulling the tape tight." },
  { term: "Length", description: "Down the back of the garment, from the base of the collar to the hem." },
  { term: "Foot length", description: "Stand on a sheet of paper and measure from the back of your heel to the tip of your longest toe." },
];

export default function SizeGuidePage() {
  return (
    <StaticPage
      title={TITLE}
      intro="Measure yourself with a soft tape measure and compare with the charts below. If you are between two sizes, choose the larger one."
    >
      <PageSection title="Clothing sizes">
        <p>Suits, blazers, shirts, kaftans, traditional wear, denim and white wear follow this chart.</p>
        <DataTable
          caption="Clothing sizes, in inches"
          note="Chest and waist are body measurements; length is the garment's back length."
          columns={["Size", "Chest (in)", "Waist (in)", "Length (in)"]}
          rows={CLOTHING_SIZES.map((row) => [row.size, inchesText(row.chest), inchesText(row.waist), inchesText(row.length)])}
        />
      </PageSection>

      <PageSection title="Shoe sizes">
        <p>Men&apos;s sizes. Measure both feet late in the day, when they are largest, and use the longer one.</p>
        <DataTable
          caption="Shoe sizes: US, UK, EU and foot length"
          note="Foot length in centimetres, heel to longest toe."
          columns={["US", "UK", "EU", "Foot length (cm)"]}
          rows={SHOE_SIZES.map((row) => [sizeText(row.us), sizeText(row.uk), sizeText(row.eu), sizeText(row.footCm)])}
        />
      </PageSection>

      <PageSection title="How to measure">
        <dl className="grid gap-3 sm:grid-cols-2">
          {HOW_TO_MEASURE.map((item) => (
            <div key={item.term} className="rounded-lg border border-brand-100 p-4">
              <dt className="font-semibold text-brand-900">{item.term}</dt>
              <dd className="mt-1 text-sm">{item.description}</dd>
            </div>
          ))}
        </dl>
      </PageSection>

      <PageSection title="Custom tailoring">
        <p>Between sizes, or want a perfect fit? We tailor suits, blazers and traditional wear to your own measurements.</p>
        <PolicyList items={[policies.tailoringTime, policies.customTailoredNonReturnable]} />
        <p>
          See <Link to="/returns" className="font-medium text-brand-700 underline">Returns &amp; Exchanges</Link> for
          exchanging a ready-to-wear size that does not fit.
        </p>
      </PageSection>

      <SupportCallout>Not sure about your size? Send us your measurements and we will help you choose.</SupportCallout>
    </StaticPage>
  );
}
