// "Before you take real orders" on the dashboard: what is left before the shop sells for real,
// each with what it means for shoppers and who can fix it. Gone once every step is done.
import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import type { LaunchStep } from "../../../../domain/admin/launch-checklist.ts";
import { adminLaunch as texts } from "../../../../domain/messages/admin-launch.ts";
import { SHOP_DETAILS_SECTION_ID } from "../settings/settings-anchors.ts";

export function LaunchChecklist({ steps }: { steps: LaunchStep[] }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="launch-title" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3" data-launch-checklist>
      <h2 id="launch-title" className="flex items-center gap-2 text-base font-semibold text-amber-950">
        <CircleAlert aria-hidden className="h-4 w-4 shrink-0" />
        {texts.title}
      </h2>
      <p className="mt-0.5 text-sm text-amber-900">{texts.note(steps.length)}</p>
      <ul className="mt-2 divide-y divide-amber-200 border-t border-amber-200 text-sm">
        {steps.map((step) => (
          <li key={step.id} className="min-w-0 py-1.5 wrap-anywhere" data-step={step.id}>
            <span className="font-medium text-gray-900">{step.title}.</span> <span className="text-gray-800">{step.detail}</span>{" "}
            {step.fixedIn === "settings" ? (
              <Link to={`/admin/settings#${SHOP_DETAILS_SECTION_ID}`} className="whitespace-nowrap font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950">
                {texts.fixInSettings}
              </Link>
            ) : (
              <span className="text-xs text-gray-700">({texts.fixOnServer})</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
