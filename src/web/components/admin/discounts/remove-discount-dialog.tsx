// Delete asks first (the old system deleted at one click). A code already on orders cannot be
// deleted without those orders losing their record of it: the dialog says so and offers to
// deactivate it instead. The server decides again when it acts, and its answer is what the
// toast says.
import { Loader2 } from "lucide-react";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { DISCOUNT_RESERVATION_MINUTES } from "../../../../domain/discounts.ts";
import { adminDiscounts } from "../../../../domain/messages/admin-discounts.ts";
import type { AdminDiscount } from "../../../../server/admin/discounts/admin-discounts.server.ts";
import { AdminDialog } from "../ui/admin-dialog.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import type { DiscountAnswer } from "./discount-form-dialog.tsx";
import { toastAnswer, useEachAnswer } from "../use-each-answer.ts";

export function RemoveDiscountDialog({ discount, onClose }: { discount: AdminDiscount | null; onClose: () => void }) {
  const fetcher = useAdminFetcher<DiscountAnswer>();
  const busy = fetcher.state !== "idle";
  const used = (discount?.orders_count ?? 0) > 0;

  useEachAnswer(fetcher, (answer) => {
    toastAnswer(answer);
    onClose();
  });

  const code = discount?.code ?? "";
  return (
    <AdminDialog
      open={discount !== null}
      onClose={onClose}
      role="alertdialog"
      title={used ? adminDiscounts.confirmDeactivateTitle(code) : adminDiscounts.confirmDeleteTitle(code)}
      description={
        used
          ? `${adminDiscounts.confirmDeactivateBody(discount!.orders_count)}${discount!.is_active ? ` ${adminDiscounts.stillOpenCheckouts(DISCOUNT_RESERVATION_MINUTES)}` : ""}`
          : adminDiscounts.confirmDeleteBody
      }
      closeLabel={adminDiscounts.close}
      className="max-w-md"
    >
      <fetcher.Form method="post" className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={discount?.id ?? ""} />
        <button type="button" className={adminButton.secondary} onClick={onClose}>
          {adminDiscounts.cancel}
        </button>
        <BusyButton type="submit" className={adminButton.danger} busy={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {busy ? adminDiscounts.deleting : used ? adminDiscounts.deactivate : adminDiscounts.delete}
        </BusyButton>
      </fetcher.Form>
    </AdminDialog>
  );
}
