// Form actions read their body through one helper (src/web/lib/form-data.ts): a body that is not
// a form answers 415, a broken form 400, each with a plain message, never a 500.
import { describe, expect, it } from "vitest";
import { requestErrors } from "../../src/domain/messages/requests.ts";
import { action as authAction } from "../../src/web/routes/auth.tsx";
import { action as contactAction } from "../../src/web/routes/contact.tsx";
import { action as lookupAction } from "../../src/web/routes/orders.lookup.tsx";
import { action as currencyAction } from "../../src/web/routes/preferences.currency.ts";

type AnyAction = (args: never) => Promise<unknown>;
const ACTIONS: Array<[string, AnyAction]> = [
  ["/auth", authAction as AnyAction],
  ["/contact", contactAction as AnyAction],
  ["/orders/lookup", lookupAction as AnyAction],
  ["/preferences/currency", currencyAction as AnyAction],
];

const BODIES: Array<{ name: string; headers: Record<string, string>; body?: string; status: number; message: string }> = [
  { name: "JSON", headers: { "content-type": "application/json" }, body: '{"email":"a@b.c"}', status: 415, message: requestErrors.formRequired },
  { name: "text/plain", headers: { "content-type": "text/plain" }, body: "email=a@b.c", status: 415, message: requestErrors.formRequired },
  { name: "no content type", headers: {}, body: undefined, status: 415, message: requestErrors.formRequired },
  {
    name: "broken multipart",
    headers: { "content-type": "multipart/form-data; boundary=XYZ" },
    body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c',
    status: 400,
    message: requestErrors.brokenForm,
  },
  { name: "multipart without a boundary", headers: { "content-type": "multipart/form-data" }, body: "x", status: 400, message: requestErrors.brokenForm },
];

/** What an action threw or returned, as status and body, whether a Response or data(...). */
async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, body: await outcome.text() };
  const wrapped = outcome as { type?: string; data?: unknown; init?: { status?: number } } | null;
  if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  throw outcome instanceof Error ? outcome : new Error(`unexpected answer ${JSON.stringify(outcome)}`);
}

describe("form actions given a body that is not a readable form", () => {
  for (const [path, action] of ACTIONS) {
    for (const sample of BODIES) {
      it(`${path} answers ${sample.status} to ${sample.name}`, async () => {
        const request = new Request(`http://shop.test${path}`, { method: "POST", headers: sample.headers, body: sample.body });
        // The body is refused before anything else is touched: no database is needed.
        const context = { app: {}, cspNonce: "", clientIp: "127.0.0.1" };
        const answer = await answerOf(() => action({ request, params: {}, context } as never));
        expect(answer).toEqual({ status: sample.status, body: sample.message });
      });
    }
  }
});
