// /admin/discounts (admin.md sections 2, 4, 5, 7, 8): every discount code newest first with its
// display status, the Create Discount dialog, an edit dialog per code, and delete after a
// confirmation (a code already on orders is deactivated instead). The page's forms post here
// with an intent and answer { ok, message } for the toast and the dialog.
import { Plus, TicketPercent } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { data } from "react-router";
import { discountField, expiryDateField } from "../../domain/admin/discount-form.ts";
import { adminDiscounts } from "../../domain/messages/admin-discounts.ts";
import { discounts } from "../../domain/messages/discounts.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import {
  createDiscount,
  listDiscounts,
  removeDiscount,
  updateDiscount,
  type AdminDiscount,
  type DiscountRefusal,
} from "../../server/admin/discounts/admin-discounts.server.ts";
import { DiscountFormDialog, type DiscountAnswer } from "../components/admin/discounts/discount-form-dialog.tsx";
import { discountValueInWords } from "../components/admin/discounts/discount-form-values.ts";
import { DiscountsTable } from "../components/admin/discounts/discounts-table.tsx";
import { RemoveDiscountDialog } from "../components/admin/discounts/remove-discount-dialog.tsx";
import { adminButton, EmptyState, PageHeader } from "../components/admin/ui/admin-ui.tsx";
import { useFocusAfterRemoval } from "../components/admin/ui/focus-after-removal.ts";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.discounts";
import { appContext, requestContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";
import { formText } from "../../domain/form-text.ts";
import { REFUSAL_STATUS } from "../lib/api.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(adminDiscounts.title, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  try {
    return { items: await listDiscounts(context.get(appContext).db), error: null };
  } catch (error) {
    logRequestError("the Discounts page", error);
    return { items: [] as AdminDiscount[], error: error instanceof Error ? error.message : String(error) };
  }
}

/** The form's fields as the service takes them: the Active switch posts nothing when off. */
function fieldsOf(form: FormData): Record<string, string> {
  const text = formText(form);
  // An expiry set to a time of day (through the API) that the date field shows unchanged stays as it was.
  const saved = text("expires_at_saved");
  const expiresAt = saved !== "" && text("expires_at") === expiryDateField(saved) ? saved : text("expires_at");
  return {
    code: text("code"),
    description: text("description"),
    discount_type: text("discount_type"),
    discount_value: text("discount_value"),
    min_order_amount: text("min_order_amount"),
    usage_limit: text("usage_limit"),
    expires_at: expiresAt,
    is_active: form.has("is_active") ? "true" : "false",
    // What the edit dialog showed: a save is judged against it (absent when creating).
    versions_seen: text("versions_seen"),
  };
}

/** A save refused because someone else changed the code meanwhile: each field both changed says what it is now. */
function changedMeanwhileAnswer(changed: NonNullable<DiscountRefusal["changedMeanwhile"]>): Pick<DiscountAnswer, "errors" | "current" | "keep"> {
  const errors = Object.fromEntries(changed.fields.map((name) => [name, adminDiscounts.changedTo(discountValueInWords(changed.current, name))]));
  return { errors, current: changed.current, keep: changed.keep };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, ended } = await requireAdminAction(context.get(appContext), request, context.get(requestContext).setCookie);
  if (ended) return ended;
  const { db } = context.get(appContext);
  const { form, refusal } = await readAdminForm(request);
  const text = formText(form);
  const intent = text("intent");
  const id = text("id");
  const answer = (body: DiscountAnswer, status = 200) => data<DiscountAnswer>(body, { status });
  if (refusal) return answer({ ok: false, intent, message: refusal.message, field: discountField(refusal.field) }, 400);
  if (!form) return answer({ ok: false, intent, message: discounts.requiredFields }, 400);

  if (intent === "create") {
    try {
      const created = await createDiscount(db, admin, fieldsOf(form), "form");
      if (!created.ok) return answer({ ok: false, intent, message: created.message, field: created.field, errors: created.errors }, REFUSAL_STATUS[created.reason]);
      return answer({ ok: true, intent, message: discounts.created });
    } catch (error) {
      logRequestError("discount code create", error);
      return answer({ ok: false, intent, message: discounts.createFailed }, 500);
    }
  }
  if (intent === "update") {
    try {
      const updated = await updateDiscount(db, admin, id, fieldsOf(form), "form");
      if (!updated.ok) {
        const changed = updated.changedMeanwhile ? changedMeanwhileAnswer(updated.changedMeanwhile) : { errors: updated.errors };
        return answer({ ok: false, intent, message: updated.message, field: updated.field, ...changed }, REFUSAL_STATUS[updated.reason]);
      }
      return answer({ ok: true, intent, message: updated.changed ? discounts.updated : discounts.noChanges });
    } catch (error) {
      logRequestError("discount code update", error);
      return answer({ ok: false, intent, message: discounts.updateFailed }, 500);
    }
  }
  if (intent === "delete") {
    try {
      const removed = await removeDiscount(db, admin, id);
      if (!removed.ok) return answer({ ok: false, intent, message: `${discounts.deleteFailed}: ${removed.message}` }, REFUSAL_STATUS[removed.reason]);
      return answer({ ok: true, intent, message: removed.message, outcome: removed.outcome });
    } catch (error) {
      logRequestError("discount code delete", error);
      return answer({ ok: false, intent, message: discounts.deleteFailed }, 500);
    }
  }
  return answer({ ok: false, intent, message: discounts.requiredFields }, 400);
}

export default function AdminDiscountsPage({ loaderData }: Route.ComponentProps) {
  const { items, error } = loaderData;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminDiscount | null>(null);
  const [removing, setRemoving] = useState<AdminDiscount | null>(null);
  const closeCreate = useCallback(() => setCreating(false), []);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeRemove = useCallback(() => setRemoving(null), []);
  // A deleted code's row goes, and with it the Delete button the dialog would give the focus back
  // to: the next row's Delete takes it, or Create Discount when no code is left.
  const createButton = useRef<HTMLButtonElement>(null);
  const { note: noteRemoval, restore: restoreFocus } = useFocusAfterRemoval(useCallback(() => createButton.current, []));
  const openRemove = useCallback(
    (discount: AdminDiscount) => {
      noteRemoval(discount.id);
      setRemoving(discount);
    },
    [noteRemoval],
  );
  useEffect(() => {
    if (removing === null) restoreFocus();
  }, [removing, restoreFocus]);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <PageHeader title={adminDiscounts.title} badge={items.length} subtitle={adminDiscounts.subtitle}>
        <button type="button" ref={createButton} className={adminButton.primary} onClick={() => setCreating(true)}>
          <Plus aria-hidden className="h-4 w-4" />
          {discounts.createDiscount}
        </button>
      </PageHeader>

      {error !== null ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {adminDiscounts.loadFailed(error)}
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon={<TicketPercent aria-hidden className="h-10 w-10 text-gray-500" />} title={adminDiscounts.noDiscounts} note={adminDiscounts.noDiscountsNote} />
      ) : (
        <DiscountsTable items={items} onEdit={setEditing} onRemove={openRemove} />
      )}

      <DiscountFormDialog mode="create" open={creating} onClose={closeCreate} />
      {editing ? <DiscountFormDialog key={`${editing.id}:${editing.updated_at}`} mode="edit" open onClose={closeEdit} discount={editing} /> : null}
      <RemoveDiscountDialog discount={removing} onClose={closeRemove} />
    </div>
  );
}
