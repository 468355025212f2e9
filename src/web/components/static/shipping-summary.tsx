// The FAQ's shipping summary, built from the shipping calculator's own constants
// (src/domain/shipping.ts, storefront.md section 9 "Shipping") so the page can never disagree
// with what checkout charges. Delivery times come from quoteShipping itself.
import { formatGbp } from "../../../domain/money.ts";
import {
  EU_COUNTRIES,
  EXPRESS_CARRIER,
  expressFromStandardPence,
  FIXED_RATE_SHIPPING,
  formatKilograms,
  quoteShipping,
  SHIPPING_RESTRICTIONS,
  STANDARD_CARRIER,
  WEIGHT_TIERS,
  type ShippingMethod,
} from "../../../domain/shipping.ts";
import { DataTable } from "./data-table.tsx";

function estimatedDays(country: string, method: ShippingMethod): string {
  return quoteShipping({ country, items: [] }, method)?.estimatedDays ?? "";
}

const FREE_ZONES = [
  { label: "United Kingdom", country: "United Kingdom" },
  { label: `European Union (all ${EU_COUNTRIES.length} member states)`, country: EU_COUNTRIES[0] ?? "France" },
  { label: "United States", country: "United States" },
];

const FIXED_RATE_COUNTRIES = Object.keys(FIXED_RATE_SHIPPING);
// Any destination outside the free zones, the fixed-rate list and the restrictions is priced by
// weight; Brazil is one of them.
const WEIGHT_PRICED_EXAMPLE = "Brazil";

export function FreeShippingTable() {
  return (
    <DataTable
      caption="Free standard shipping"
      columns={["Destination", "Standard shipping", "Delivery"]}
      minWidthClass="min-w-[26rem]"
      rows={FREE_ZONES.map((zone) => {
        const quote = quoteShipping({ country: zone.country, items: [] }, "standard");
        return [zone.label, quote?.cost ?? "", quote?.estimatedDays ?? ""];
      })}
    />
  );
}

export function FixedRateTable() {
  const sample = FIXED_RATE_COUNTRIES[0] ?? "";
  return (
    <DataTable
      caption="Fixed-rate destinations"
      note={`Standard by ${STANDARD_CARRIER}, ${estimatedDays(sample, "standard")}. Express by ${EXPRESS_CARRIER}, ${estimatedDays(sample, "express")}.`}
      columns={["Country", "Standard", "Express"]}
      minWidthClass="min-w-[20rem]"
      rows={FIXED_RATE_COUNTRIES.map((country) => {
        const rate = FIXED_RATE_SHIPPING[country]!;
        return [country, formatGbp(rate.standard), formatGbp(rate.express)];
      })}
    />
  );
}

export function WeightTierTable() {
  return (
    <DataTable
      caption="All other destinations, by parcel weight"
      note={`Standard by ${STANDARD_CARRIER}, ${estimatedDays(WEIGHT_PRICED_EXAMPLE, "standard")}. Express by ${EXPRESS_CARRIER}, ${estimatedDays(WEIGHT_PRICED_EXAMPLE, "express")}.`}
      columns={["Parcel weight", "Standard", "Express"]}
      minWidthClass="min-w-[20rem]"
      rows={WEIGHT_TIERS.map((tier, index) => {
        const label = Number.isFinite(tier.maxGrams)
          ? `Up to ${formatKilograms(tier.maxGrams)}`
          : `Over ${formatKilograms(WEIGHT_TIERS[index - 1]?.maxGrams ?? 0)}`;
        return [label, formatGbp(tier.pence), formatGbp(expressFromStandardPence(tier.pence))];
      })}
    />
  );
}

export function RestrictedDestinations() {
  const byReason = new Map<string, string[]>();
  for (const restriction of SHIPPING_RESTRICTIONS) {
    byReason.set(restriction.reason, [...(byReason.get(restriction.reason) ?? []), restriction.country]);
  }
  return (
    <dl className="space-y-3">
      {[...byReason].map(([reason, countries]) => (
        <div key={reason} className="rounded-lg border border-brand-100 px-4 py-3">
          <dt className="font-semibold">{reason}</dt>
          <dd className="mt-1 text-brand-900/80">{countries.join(", ")}</dd>
        </div>
      ))}
    </dl>
  );
}
