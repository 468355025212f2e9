// The back office's confirmation as the server renders it (closed, its content already there):
// an alert dialog named by its question, and Cancel first, so it is what showModal() focuses.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalogueCsvPage as texts } from "../../../../domain/messages/catalogue-csv.ts";
import { AdminConfirmDialog } from "./admin-dialog.tsx";

const noop = () => {};
const html = renderToString(
  createElement(AdminConfirmDialog, {
    open: false,
    onClose: noop,
    onConfirm: noop,
    title: texts.confirmImportTitle(2),
    description: texts.confirmImportBody(1, 1),
    confirmLabel: texts.importButton,
    cancelLabel: texts.cancel,
    closeLabel: texts.close,
  }),
).replace(/&#x27;/g, "'");

describe("AdminConfirmDialog", () => {
  it("is an alert dialog named by its title and described by its body", () => {
    const dialog = html.match(/<dialog\b[^>]*>/)?.[0] ?? "";
    expect(dialog).toContain('role="alertdialog"');
    const titleId = dialog.match(/aria-labelledby="([^"]+)"/)?.[1];
    const bodyId = dialog.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toContain(`id="${titleId}" class="text-base font-semibold text-gray-900">Import 2 rows?</h2>`);
    expect(html).toContain(`id="${bodyId}"`);
    expect(html).toContain(texts.confirmImportBody(1, 1));
  });

  it("puts Cancel before the confirming button and the close button", () => {
    const buttons = [...html.matchAll(/<button\b[^>]*>(.*?)<\/button>/g)].map((match) => match[1]);
    expect(buttons[0]).toBe(texts.cancel);
    expect(buttons[1]).toBe(texts.importButton);
    expect(buttons).toHaveLength(3);
  });
});

describe("the import's confirmation texts", () => {
  it("say what is added and what is overwritten, and nothing that does not happen", () => {
    expect(texts.confirmImportTitle(1)).toBe("Import 1 row?");
    expect(texts.confirmImportBody(0, 2)).toMatch(/^This overwrites 2 existing products with the file's values/);
    expect(texts.confirmImportBody(3, 0)).toMatch(/^This adds 3 new products\. /);
    expect(texts.confirmImportBody(1, 1)).toMatch(/^This adds 1 new product and overwrites 1 existing product /);
  });
});
