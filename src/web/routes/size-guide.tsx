// Size Guide (storefront.md section 2 "Static pages", section 9 "Size guide"): every size the shop
// sells is explained here, and each product page's Size choice links to its chart.
import { Link } from "react-router";
import { DataTable } from "../components/static/data-table.tsx";
import { staticPageHead } from "../components/static/page-meta.ts";
import { policies } from "../components/static/policies.ts";
import {
  CLOTHING_SIZES,
  COLLAR_SIZES,
  centimetresText,
  inchesText,
  JACKET_FITS,
  JACKET_SIZES,
  SHOE_SIZES,
  sizeText,
  WAIST_SIZES,
} from "../components/static/size-charts.ts";
import { PageSection, PolicyList, StaticPage, SupportCallout } from "../components/static/static-page.tsx";
import type { Route } from "./+types/size-guide";

const TITLE = "Size Guide";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageHead(
    matches,
    "/size-guide",
    TITLE,
    "Find your fit: letter sizes XS to 3XL, suit and blazer chest sizes, shirt collars, waist sizes, and UK, US and EU shoe sizes with foot length.",
  );

const HOW_TO_MEASURE = [
  { term: "Chest", description: "Around the fullest part of your chest, under your arms, keeping the tape level." },
  { term: "Waist", description: "Around your natural waistline, just above the hip bones, without pulling the tape tight." },
  { term: "Length", description: "Down the back of the garment, from the base of the collar to the hem." },
  { term: "Foot length", description: "Stand on a sheet of paper and measure from the back of your heel to the tip of your longest toe." },
];

/** A measurement in inches, the spec's unit, with its centimetres under it for shoppers abroad. */
function InchesAndCm({ inches }: { inches: number | readonly [number, number] }) {
  return (
    <>
      {inchesText(inches)}{" "}
      <span className="block text-xs text-brand-900/70">{centimetresText(inches)} cm</span>
    </>
  );
}

export default function SizeGuidePage() {
  return (
    <StaticPage
      title={TITLE}
      intro="Measure yourself with a soft tape measure and compare with the charts below. If you are between two sizes, choose the larger one."
    >
      <PageSection title="Clothing sizes" id="clothing">
        <p>Letter sizes (XS to 3XL) on shirts, kaftans, traditional wear, denim, white wear and casual blazers follow this chart.</p>
        <DataTable
          caption="Clothing sizes, in inches and centimetres"
          note="Chest and waist are body measurements; length is the garment's back length. Centimetres under the inches."
          columns={["Size", "Chest (in)", "Waist (in)", "Length (in)"]}
          rows={CLOTHING_SIZES.map((row) => [row.size, <InchesAndCm key="chest" inches={row.chest} />, <InchesAndCm key="waist" inches={row.waist} />, <InchesAndCm key="length" inches={row.length} />])}
        />
      </PageSection>

      <PageSection title="Suits and blazers" id="jackets">
        <p>
          Tailored jackets are sized by chest in inches, then R (regular) or L (long) for your height: a 40R is a 40-inch
          chest for a wearer of average height. Suit trousers come with the jacket and can be taken in or let out.
        </p>
        <DataTable
          caption="Suit and blazer sizes"
          note="Chest is your body measurement; the letter size is the casual size with the same chest."
          columns={["Regular", "Long", "Chest (in)", "Chest (cm)", "Letter size"]}
          rows={JACKET_SIZES.map((row) => [row.regular, row.long, String(row.chest), String(row.chestCm), row.letters])}
        />
        <DataTable caption="R and L: your height" columns={["Fit", "Your height"]} rows={JACKET_FITS.map((row) => [row.fit, row.height])} />
      </PageSection>

      <PageSection title="Shirt collars" id="collars">
        <p>Formal and white shirts sold by collar size: measure around the base of your neck and add half an inch for comfort.</p>
        <DataTable
          caption="Collar sizes"
          columns={["Collar (in)", "Collar (cm)", "Letter size"]}
          rows={COLLAR_SIZES.map((row) => [sizeText(row.collar), String(row.collarCm), row.letters])}
        />
      </PageSection>

      <PageSection title="Waist sizes: denim, trousers and belts" id="waists">
        <p>Jeans and trousers sold by waist size in inches. A belt takes the waist size of the trousers you wear it with.</p>
        <DataTable
          caption="Waist sizes"
          columns={["Waist (in)", "Waist (cm)", "Letter size"]}
          rows={WAIST_SIZES.map((row) => [String(row.waist), String(row.waistCm), row.letters])}
        />
      </PageSection>

      <PageSection title="Shoe sizes" id="shoes">
        <p>
          Our shoe sizes are <strong>UK men&apos;s sizes</strong> (a UK 9 is a US 10 and an EU 44). Measure both feet late in the day, when
          they are largest, and use the longer one.
        </p>
        <DataTable
          caption="Shoe sizes: UK, US, EU and foot length"
          note="Foot length in centimetres, heel to longest toe."
          columns={["UK", "US", "EU", "Foot length (cm)"]}
          rows={SHOE_SIZES.map((row) => [sizeText(row.uk), sizeText(row.us), sizeText(row.eu), sizeText(row.footCm)])}
        />
      </PageSection>

      <PageSection title="One Size" id="one-size">
        <p>Ties, bow ties, pocket squares, cufflinks and watches marked One Size fit everyone.</p>
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
