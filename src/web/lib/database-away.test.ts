import { describe, expect, it } from "vitest";
import { apiErrors } from "../../domain/messages/cart.ts";
import { databaseAwayAnswer, isDatabaseAwayAnswer, isDatabaseAwayAnswerTo } from "./database-away.ts";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("the answer to a form sent while the database is away", () => {
  it("says the shop could not do it and to try again, and names the form by its intent", () => {
    const answer = databaseAwayAnswer(form([["intent", "note"], ["note", "Called the customer"]]));
    expect(answer).toMatchObject({ ok: false, databaseAway: true, intent: "note", message: apiErrors.unavailable });
    expect(isDatabaseAwayAnswer(answer)).toBe(true);
    expect(isDatabaseAwayAnswerTo(answer, "note")).toBe(true);
    expect(isDatabaseAwayAnswerTo(answer, "status")).toBe(false);
  });

  it("gives back what was typed, but never a password, a one-time code, a reset token or a card's number and CVC", () => {
    const answer = databaseAwayAnswer(
      form([
        ["email", "ama@example.com"],
        ["password", "p1"],
        ["currentPassword", "p2"],
        ["confirmPassword", "p3"],
        ["code", "123456"],
        ["token", "reset-token"],
        ["cardNumber", "4242 4242 4242 4242"],
        ["cvc", "123"],
        ["cardName", "Ama Owusu"],
      ]),
    );
    expect(answer.values).toEqual({ email: "ama@example.com", cardName: "Ama Owusu" });
  });

  it("keeps the first of a repeated field and leaves out files; a body it could not read gives nothing back", () => {
    const typed = form([["size", "M"], ["size", "L"]]);
    typed.append("picture", new Blob(["x"]), "x.png");
    expect(databaseAwayAnswer(typed).values).toEqual({ size: "M" });
    expect(databaseAwayAnswer(null)).toMatchObject({ intent: null, values: {} });
  });

  it("is told apart from every other answer", () => {
    for (const other of [undefined, null, "text", { ok: false, message: apiErrors.unavailable }, { databaseAway: "yes" }]) expect(isDatabaseAwayAnswer(other)).toBe(false);
  });
});
