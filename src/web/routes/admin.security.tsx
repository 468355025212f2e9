// /admin/security (admin.md section 2 "Security page", section 8 "Diagnostics", section 9;
// issue 14; decision 038): real counts, the access policy proven by live probes, which secrets
// are set, the test panel and the audit trail.
import { data } from "react-router";
import { adminSecurity as texts } from "../../domain/messages/admin-security.ts";
import { requireAdminAction, requireAdminPage } from "../../server/admin/admin-guard.server.ts";
import {
  checkPaymentProvider,
  listAuditTrail,
  parseAuditQuery,
  readSecurityCounts,
  runAccessProbes,
  secretsStatus,
} from "../../server/admin/security/security.server.ts";
import { SecurityPage, type SecurityAnswer } from "../components/admin/security/security-page.tsx";
import { readAdminForm } from "../components/admin/admin-form.server.ts";
import { adminHead } from "../components/admin/admin-head.ts";
import { keepDataAfterPost } from "../lib/keep-data-after-post.ts";
import type { Route } from "./+types/admin.security";
import { appContext, requestContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => adminHead(texts.title, matches);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdminPage(app, request, context.get(requestContext).setCookie);
  const query = parseAuditQuery(url.searchParams);
  const [counts, audit] = await Promise.all([readSecurityCounts(app.db), listAuditTrail(app.db, query)]);
  return { counts, secrets: secretsStatus(app.config), audit, query, checkedAt: new Date().toISOString() };
}

// POST intent=probe runs the access probes; intent=payment-check asks the payment provider.
// Both only read: nothing is written to the audit trail.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { ended } = await requireAdminAction(app, request, context.get(requestContext).setCookie);
  if (ended) return ended;
  const { form, refusal } = await readAdminForm(request);
  const intent = form?.get("intent");
  if (refusal) return data<SecurityAnswer>({ intent: "", error: refusal.message }, { status: 400 });
  if (intent === "probe") {
    if (!app.dispatchInProcess) return data<SecurityAnswer>({ intent, policy: null, error: texts.policyUnavailable }, { status: 503 });
    try {
      const policy = await runAccessProbes({ db: app.db, auth: app.auth, config: app.config, dispatch: app.dispatchInProcess });
      return data<SecurityAnswer>({ intent, policy, error: null });
    } catch (error) {
      logRequestError("access probes", error);
      return data<SecurityAnswer>({ intent, policy: null, error: texts.policyUnavailable }, { status: 503 });
    }
  }
  if (intent === "payment-check") {
    const runId = String(form?.get("runId") ?? "").slice(0, 40);
    return data<SecurityAnswer>({ intent, runId, payment: await checkPaymentProvider(app.payments) });
  }
  return data<SecurityAnswer>({ intent: "", error: texts.policyUnavailable }, { status: 400 });
}

/** A probe or a payment check changes nothing the loader reads: no reload after them. */
export const shouldRevalidate = keepDataAfterPost;

export default function AdminSecurity({ loaderData }: Route.ComponentProps) {
  return <SecurityPage {...loaderData} />;
}
