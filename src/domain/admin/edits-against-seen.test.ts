import { describe, expect, it } from "vitest";
import { editAgainstSeen, readVersionsSeen, withKeptFields } from "./edits-against-seen.ts";

// A discount code's fields, as its edit dialog saves them.
const FIELDS = ["code", "description", "usage_limit", "is_active"] as const;
const shown = { code: "c1", description: "d1", usage_limit: "u1", is_active: "on" };

describe("editAgainstSeen", () => {
  it("writes everything when the client did not say what it showed", () => {
    expect(editAgainstSeen(FIELDS, { ...shown, description: "d2" }, null, { ...shown, description: "d3" })).toEqual({ kind: "write", keep: [] });
  });

  it("keeps a switch-off saved meanwhile when the stale editor left the switch as shown and changed another field", () => {
    const mine = { ...shown, description: "d2" };
    const now = { ...shown, is_active: "off" };
    expect(editAgainstSeen(FIELDS, mine, shown, now)).toEqual({ kind: "write", keep: ["is_active"] });
  });

  it("writes a field both changed to the same value", () => {
    expect(editAgainstSeen(FIELDS, { ...shown, usage_limit: "u2" }, shown, { ...shown, usage_limit: "u2" })).toEqual({ kind: "write", keep: [] });
  });

  it("refuses when a field the owner changed was changed meanwhile to something else, naming each such field", () => {
    const mine = { ...shown, usage_limit: "u2", code: "c2", description: "d2" };
    const now = { ...shown, usage_limit: "u3", code: "c3", is_active: "off" };
    expect(editAgainstSeen(FIELDS, mine, shown, now)).toEqual({ kind: "conflict", fields: ["code", "usage_limit"], keep: ["is_active"] });
  });
});

describe("withKeptFields", () => {
  it("takes the kept fields from the record as it is now, the rest from the owner", () => {
    const input = { code: "SPRING", description: "Mine", usage_limit: 5, is_active: true };
    const now = { ...input, description: "Theirs", is_active: false, usage_limit: 9 };
    expect(withKeptFields(input, now, ["is_active"])).toEqual({ ...input, is_active: false });
  });
});

describe("readVersionsSeen", () => {
  it("reads an editor's JSON text and an API's object; absent or blank is null", () => {
    expect(readVersionsSeen(FIELDS, JSON.stringify(shown))).toEqual({ ok: true, seen: shown });
    expect(readVersionsSeen(FIELDS, { ...shown, extra: "ignored" })).toEqual({ ok: true, seen: shown });
    for (const absent of [undefined, null, ""]) expect(readVersionsSeen(FIELDS, absent)).toEqual({ ok: true, seen: null });
  });

  it("refuses text that is no JSON, a list, a missing field or a version that is no short token", () => {
    expect(readVersionsSeen(FIELDS, "{")).toEqual({ ok: false });
    expect(readVersionsSeen(FIELDS, [])).toEqual({ ok: false });
    const { is_active: _active, ...missing } = shown;
    expect(readVersionsSeen(FIELDS, missing)).toEqual({ ok: false });
    expect(readVersionsSeen(FIELDS, { ...shown, code: "x".repeat(65) })).toEqual({ ok: false });
    expect(readVersionsSeen(FIELDS, { ...shown, code: 5 })).toEqual({ ok: false });
  });
});
