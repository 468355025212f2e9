import { describe, expect, it } from "vitest";
import { formText } from "./form-text.ts";

describe("formText", () => {
  it("reads a field as the form sent it, and a field it did not send, a file or no form at all as empty", () => {
    const form = new FormData();
    form.set("email", " shopper@example.com ");
    form.set("picture", new Blob(["x"]), "x.png");
    const text = formText(form);
    expect(text("email")).toBe(" shopper@example.com ");
    expect(text("missing")).toBe("");
    expect(text("picture")).toBe("");
    expect(formText(null)("intent")).toBe("");
  });
});
