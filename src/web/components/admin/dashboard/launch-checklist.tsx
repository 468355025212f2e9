// "Before you take real orders" on the dashboard: what is left before the shop sells for real,
// each with what it means for shoppers and who can fix it. Gone once every step is done.
// A fold: open until the owner closes it, then closed on every visit (the dashboard's action keeps
// the choice in a cookie that the loader reads), so on a phone the day's figures are not pushed
// below the first screen every day by steps the owner may not be able to do.
import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { LaunchStep } from "../../../../domain/admin/launch-checklist.ts";
import { adminLaunch as texts } from "../../../../domain/messages/admin-launch.ts";
import { SHOP_DETAILS_SECTION_ID } from "../settings/settings-anchors.ts";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { AdminFold } from "../ui/admin-fold.tsx";

/** The dashboard's one form: the list folded (folded=1) or opened again (folded=0). */
export const LAUNCH_FOLD_INTENT = "fold-launch-checklist";

export function LaunchChecklist({ steps, folded }: { steps: LaunchStep[]; folded: boolean }) {
  const [open, setOpen] = useState(!folded);
  const fetcher = useAdminFetcher();
  if (steps.length === 0) return null;
  const onOpenChange = (nowOpen: boolean) => {
    setOpen(nowOpen);
    void fetcher.submit({ intent: LAUNCH_FOLD_INTENT, folded: nowOpen ? "0" : "1" }, { method: "post", action: "/admin?index" });
  };
  return (
    <section aria-labelledby="launch-title" data-launch-checklist>
      <AdminFold
        open={open}
        onOpenChange={onOpenChange}
        className="rounded-lg border border-amber-300 bg-amber-50"
        summaryClassName="rounded-lg px-4 py-3 text-amber-950 hover:bg-amber-100/60"
        summary={
          <>
            <span id="launch-title" className="flex items-center gap-2 text-base font-semibold text-amber-950">
              <CircleAlert aria-hidden className="h-4 w-4 shrink-0" />
              {texts.title}
            </span>
            <span className="mt-0.5 block text-sm text-amber-900" data-launch-left>
              {texts.left(steps.length)}
            </span>
          </>
        }
      >
        <div className="px-4 pb-3">
          <p className="text-sm text-amber-900">{texts.note}</p>
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
        </div>
      </AdminFold>
    </section>
  );
}
