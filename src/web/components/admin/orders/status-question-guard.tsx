// Leaving a page while a status question is open (Shipped's carrier and tracking, a paid order's
// cancel choices, Save status) asks first: the dropdown already reads the new status, but nothing
// is saved until the question is answered, and an owner who moved on would take it as done. The
// question is asked by the admin shell's one leave guard (ui/leave-guard.tsx).
import { useUnsent } from "../ui/leave-guard.tsx";

/** A status control says its question is open for as long as `isOpen`. */
export function useOpenStatusQuestion(_orderId: string, orderNumber: string, isOpen: boolean) {
  useUnsent({ kind: "status", label: orderNumber }, isOpen);
}
