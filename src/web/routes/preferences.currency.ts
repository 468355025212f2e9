import { data, redirect } from "react-router";
import { safeLocalPath } from "../../domain/redirect.ts";
import { currencyCookie, parseCurrency } from "../../server/preferences/currency-preference.server.ts";
import { isDocumentPost } from "../lib/document-post.ts";
import { readFormData } from "../lib/form-data.ts";
import type { Route } from "./+types/preferences.currency";
import { appContext } from "../app-context.ts";

/** Only paths on this site: "/x" but not "//evil.example", "/\\evil.example" or "/<TAB>/evil.example". */
function safeReturnPath(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? safeLocalPath(value) : "/";
}

// POST currency=GBP|GHS. From the page's fetcher it answers data (React Router then revalidates
// every loader with the new cookie); from a plain form without JavaScript it redirects back.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const currency = parseCurrency(form.get("currency"));
  if (!currency) return data({ error: "Choose GBP or GHS." }, { status: 400 });
  const headers = { "Set-Cookie": currencyCookie(currency, context.get(appContext).config.publicUrl.startsWith("https://")) };
  if (isDocumentPost(request)) {
    throw redirect(safeReturnPath(form.get("returnTo")), { headers });
  }
  return data({ currency }, { headers });
}

export function loader() {
  return redirect("/");
}
