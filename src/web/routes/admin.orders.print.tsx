// /admin/orders/print?ids=...&doc=label|slip (issue 12 "Print Label"): A6 shipping labels (address
// block and phone, order number as text and barcode, item count, sender address) or A4 packing
// slips, one per page, for one order or several selected on the Orders screen. Printed with the
// browser's own dialog; print CSS sizes the page (@page) and hides the admin chrome, notes
// included, so what must reach the packer is printed inside the sheet: orders that must not be
// sent are left out unless asked for (`anyway=1`), then stamped; a shipped order's sheet says it
// is a reprint.
import { Printer } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { canEncodeCode128B } from "../../domain/admin/code128.ts";
import { formatAdminDateTime } from "../../domain/admin/dates.ts";
import { orderLineLabel, productNameText } from "../../domain/admin/order-display.ts";
import {
  addressLines,
  doNotShip,
  parcelItemCount,
  printBackTarget,
  printPageHref,
  printRun,
  readLabelIds,
  readPrintAnyway,
  sheetMarkText,
  shippingLabel,
  unitsToPack,
  type DoNotShip,
  type ShippingLabel,
} from "../../domain/admin/shipping-label.ts";
import { adminFulfilment, adminRefunds } from "../../domain/messages/admin.ts";
import { requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import { getAdminOrders, type AdminOrder } from "../../server/admin/orders/order-view.server.ts";
import { Barcode } from "../components/admin/orders/barcode.tsx";
import { adminButton, EmptyState } from "../components/admin/ui/admin-ui.tsx";
import { adminHead } from "../components/admin/admin-head.ts";
import type { Route } from "./+types/admin.orders.print";
import { getShopSettings } from "../../server/settings/shop-settings.server.ts";
import { appContext, requestContext } from "../app-context.ts";
import { readOnlyAdminPageAction } from "../components/admin/admin-read-only.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => adminHead(loaderData?.doc === "slip" ? adminFulfilment.packingSlip : adminFulfilment.printLabel, matches);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireAdminPage(context.get(appContext), request, context.get(requestContext).setCookie);
  const params = url.searchParams;
  const doc: "label" | "slip" = params.get("doc") === "slip" ? "slip" : "label";
  const app = context.get(appContext);
  // The sender block set on /admin/settings, else SHOP_SENDER_ADDRESS.
  const asked = readLabelIds(params);
  const anyway = readPrintAnyway(params);
  const [orders, shop] = await Promise.all([getAdminOrders(app.db, asked), getShopSettings(app.db, app.config)]);
  // Ids given and none of them an order: the page says "Order not found", and so does its status.
  const status = asked.length > 0 && orders.length === 0 ? 404 : 200;
  const { sheets } = printRun(orders, anyway);
  const held = orders.map((order) => ({ number: order.number, reason: doNotShip(order) }));
  const numbersHeld = (reason: DoNotShip) => held.filter((order) => order.reason === reason).map((order) => order.number);
  return data({
    doc,
    noneChosen: asked.length === 0,
    back: printBackTarget(params.get("back")),
    ids: orders.map((order) => order.id),
    anyway,
    labels: doc === "label" ? sheets.map(({ order, mark }) => shippingLabel(order, shop.senderAddress, mark)) : [],
    slips: doc === "slip" ? sheets.map(({ order, mark }) => ({ order, ...sheetMarkText(mark) })) : [],
    sender: shop.senderAddress,
    // The built-in sender block has no street: a returned parcel would have nowhere to go.
    senderSet: shop.senderAddressSet,
    // The chosen orders that must not be sent (left out, or stamped when printed anyway), named in
    // a note above the sheets; and those whose sheets are reprints.
    cancelled: numbersHeld("cancelled"),
    refunded: numbersHeld("refunded"),
    erased: numbersHeld("erased"),
    unpaid: numbersHeld("unpaid"),
    reprints: sheets.filter(({ mark }) => mark?.kind === "reprint").map(({ order }) => order.number),
  }, { status });
}

/** Nothing to post here: admin rights first, then 405. */
export const action = readOnlyAdminPageAction;

// One label or slip per sheet; everything else of the page stays off paper. A6 is also given in
// millimetres first: a browser that does not know the A6 keyword drops it and keeps 105 x 148 mm.
const PRINT_CSS = {
  label: `@page { size: 105mm 148mm; size: A6; margin: 0; }
@media print { html, body { background: #fff !important; } [data-sonner-toaster] { display: none !important; } .print-sheet { break-after: page; box-shadow: none !important; border: 0 !important; margin: 0 !important; } .print-sheet:last-child { break-after: auto; } }`,
  slip: `@page { size: A4; margin: 12mm; }
@media print { html, body { background: #fff !important; } [data-sonner-toaster] { display: none !important; } .print-sheet { break-after: page; box-shadow: none !important; border: 0 !important; margin: 0 !important; width: auto !important; } .print-sheet:last-child { break-after: auto; } }`,
};

export default function PrintOrders({ loaderData }: Route.ComponentProps) {
  const { doc, noneChosen, back, ids, anyway, labels, slips, sender, senderSet, cancelled, refunded, unpaid, erased, reprints } = loaderData;
  const other = doc === "label" ? "slip" : "label";
  const href = (change: { doc?: "label" | "slip"; anyway?: boolean }) => printPageHref({ doc, ids, back: back.to, anyway, ...change });
  const sheets = doc === "label" ? labels.length : slips.length;
  const held = cancelled.length + erased.length + refunded.length + unpaid.length > 0;
  return (
    <div className="space-y-4">
      <style>{PRINT_CSS[doc]}</style>
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <h1 className="mr-auto text-xl font-semibold text-gray-900">
          {doc === "label" ? adminFulfilment.printLabel : adminFulfilment.packingSlip} ({sheets})
        </h1>
        <Link to={back.to} className={adminButton.secondary}>
          {back.toOrder ? adminFulfilment.backToOrder : adminFulfilment.backToOrders}
        </Link>
        {ids.length > 0 ? (
          <Link to={href({ doc: other })} className={adminButton.secondary}>
            {other === "slip" ? adminFulfilment.packingSlip : adminFulfilment.printLabel}
          </Link>
        ) : null}
        {sheets > 0 ? (
          <button type="button" onClick={() => window.print()} className={adminButton.primary}>
            <Printer aria-hidden className="h-4 w-4" />
            Print
          </button>
        ) : null}
      </div>
      {noneChosen ? <EmptyState title={adminFulfilment.noOrdersChosen} note={adminFulfilment.noOrdersChosenNote} /> : ids.length === 0 ? <EmptyState title={adminFulfilment.orderNotFound} /> : null}
      {held ? (
        // Which orders must not be sent and why, then what this print does with them and the way to the other choice.
        <PrintNote data-print-do-not-ship={anyway ? "stamped" : "left-out"}>
          {cancelled.length > 0 ? <span data-print-cancelled>{adminFulfilment.printCancelledWarning(cancelled.join(", "))}</span> : null}{" "}
          {erased.length > 0 ? <span data-print-erased>{adminFulfilment.printErasedWarning(erased.join(", "))}</span> : null}{" "}
          {refunded.length > 0 ? <span data-print-refunded>{adminFulfilment.printRefundedWarning(refunded.join(", "))}</span> : null}{" "}
          {unpaid.length > 0 ? <span data-print-unpaid>{adminFulfilment.printUnpaidWarning(unpaid.join(", "))}</span> : null}{" "}
          <strong className="font-semibold">{anyway ? adminFulfilment.printStamped : adminFulfilment.printLeftOut}</strong>{" "}
          <Link to={href({ anyway: !anyway })} className="font-medium whitespace-nowrap underline underline-offset-2">
            {anyway ? adminFulfilment.printLeaveOut : adminFulfilment.printAnyway}
          </Link>
        </PrintNote>
      ) : null}
      {reprints.length > 0 ? <PrintNote data-print-reprints>{adminFulfilment.printReprintsWarning(reprints.join(", "))}</PrintNote> : null}
      {!senderSet && ids.length > 0 ? (
        <PrintNote data-print-no-sender>
          {adminFulfilment.printNoSender(sender.join(", "))}{" "}
          <Link to="/admin/settings#sender-address" className="font-medium underline underline-offset-2">
            {adminFulfilment.setSenderAddress}
          </Link>
        </PrintNote>
      ) : null}
      <div className="flex flex-wrap gap-4 print:block">
        {doc === "label" ? labels.map((label) => <LabelSheet key={label.number} label={label} />) : slips.map((slip) => <SlipSheet key={slip.order.id} {...slip} sender={sender} />)}
      </div>
    </div>
  );
}

/** A warning above the sheets, on screen only. */
function PrintNote({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, boolean | string>) {
  return (
    <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 print:hidden" {...data}>
      {children}
    </p>
  );
}

function LabelSheet({ label }: { label: ShippingLabel }) {
  // Sizes from the text's length (src/domain/admin/label-fit.ts): a long address or sender block
  // prints smaller rather than onto a second sheet, and a long word breaks rather than running off
  // the label's edge.
  const { scale } = label;
  const pt = (size: number) => ({ fontSize: `${size}pt` });
  return (
    <article
      aria-label={`Shipping label ${label.number}`}
      className="print-sheet flex h-[148mm] w-[105mm] max-w-full flex-col wrap-anywhere print:max-w-none border border-gray-300 bg-white p-[6mm] text-black shadow-sm"
      data-label-scale={scale.name}
    >
      <SheetMarks stamp={label.stamp} reprint={label.reprint} stampPt={scale.stampPt} reprintPt={scale.metaPt} />
      <section className="border-b border-black leading-tight" style={{ ...pt(scale.senderPt), paddingBottom: `${scale.gapMm}mm` }} data-label-sender>
        <p className="font-bold uppercase">From</p>
        {label.from.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </section>
      <section className="flex-1" style={{ paddingBlock: `${scale.gapMm}mm` }} data-label-ship-to>
        <p className="font-bold uppercase leading-tight" style={pt(scale.headingPt)}>
          Ship to
        </p>
        <div className="mt-[1mm] font-semibold leading-snug" style={pt(scale.shipToPt)}>
          {/* Each line keeps its own direction (an Arabic name, a Latin street) and the label's alignment. */}
          {label.shipTo.map((line, index) => (
            <p key={index}>
              <span dir="auto">{line}</span>
            </p>
          ))}
        </div>
        {label.phone ? (
          <p className="mt-[1mm] leading-tight" style={pt(scale.metaPt)} data-label-phone>
            {label.phone}
          </p>
        ) : null}
      </section>
      <section className="border-t border-black" style={{ paddingTop: `${scale.gapMm}mm` }}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-2 leading-tight" style={pt(scale.metaPt)}>
          <p>
            Order <strong className="font-mono">{label.number}</strong>
          </p>
          <p>
            Items: <strong>{label.itemCount}</strong> · {label.shippingMethod}
          </p>
        </div>
        {label.barcode ? <Barcode value={label.barcode} height={50} className="mt-[2mm] w-full" style={{ height: `${scale.barcodeMm}mm` }} /> : null}
        <p className="mt-[1mm] text-center font-mono leading-tight" style={pt(scale.metaPt)}>
          {label.number}
        </p>
      </section>
    </article>
  );
}

/**
 * What a sheet says of itself, printed inside it: a stamp in large type, framed (a border prints
 * without the browser's background graphics), or one small reprint line.
 */
function SheetMarks({ stamp, reprint, stampPt, reprintPt }: { stamp: string | null; reprint: string | null; stampPt: number; reprintPt: number }) {
  return (
    <>
      {stamp ? (
        <p className="mb-[2mm] border-[0.8mm] border-black px-[2mm] py-[1.5mm] text-center leading-[1.1] font-black text-balance uppercase" style={{ fontSize: `${stampPt}pt` }} data-sheet-stamp>
          {stamp}
        </p>
      ) : null}
      {reprint ? (
        <p className="mb-[2mm] leading-tight font-semibold" style={{ fontSize: `${reprintPt}pt` }} data-sheet-reprint>
          {reprint}
        </p>
      ) : null}
    </>
  );
}

/** An A4 slip for the parcel: who sent it (where returns go), where it goes, and what is in it. */
function SlipSheet({ order, sender, stamp, reprint }: { order: AdminOrder; sender: string[]; stamp: string | null; reprint: string | null }) {
  const packed = order.items.filter((item) => unitsToPack(item) > 0);
  const kept = order.items.filter((item) => item.restockedQuantity > 0);
  return (
    <article aria-label={`Packing slip ${order.number}`} className="print-sheet w-[210mm] max-w-full border border-gray-300 bg-white p-8 text-sm text-black shadow-sm">
      <SheetMarks stamp={stamp} reprint={reprint} stampPt={24} reprintPt={9} />
      <header className="flex items-start justify-between border-b border-black pb-3">
        <div>
          <h2 className="text-lg font-bold">{adminFulfilment.packingSlip}</h2>
          <p>
            Order <strong className="font-mono">{order.number}</strong> · {formatAdminDateTime(order.createdAt)}
          </p>
        </div>
        {canEncodeCode128B(order.number) ? <Barcode value={order.number} height={40} className="h-12 w-48" /> : null}
      </header>
      <div className="mt-4 grid grid-cols-2 gap-6">
        <section>
          <h3 className="font-bold uppercase">Ship to</h3>
          {addressLines(order.shippingAddress, order.customer).map((line, index) => (
            <p key={index}>
              <span dir="auto">{line}</span>
            </p>
          ))}
        </section>
        <section data-slip-sender>
          <h3 className="font-bold uppercase">{adminFulfilment.slipFrom}</h3>
          {sender.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </section>
      </div>
      <table className="mt-6 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-black">
            <th className="py-1 pr-2">Qty</th>
            <th className="py-1 pr-2">Item</th>
            <th className="py-1 pr-2">Size</th>
            <th className="py-1">Colour</th>
          </tr>
        </thead>
        <tbody>
          {packed.map((item) => (
            <tr key={item.id} className="border-b border-gray-300">
              <td className="py-1 pr-2">{unitsToPack(item)}</td>
              <td className="py-1 pr-2">{productNameText(item.productName)}</td>
              <td className="py-1 pr-2">{item.size || "—"}</td>
              <td className="py-1">{item.colour || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 font-semibold">Items: {parcelItemCount(order.items)}</p>
      {kept.length > 0 ? (
        <p className="mt-1" data-slip-not-packed>
          {adminFulfilment.notPacked(kept.map((item) => adminRefunds.unitsLine(item.restockedQuantity, orderLineLabel({ productName: productNameText(item.productName), size: item.size }))).join(", "))}
        </p>
      ) : null}
    </article>
  );
}
