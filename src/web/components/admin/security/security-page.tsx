// The Security page's sections. The access probes and the payment check are posted to the page's
// action by fetchers; LCP, INP and CLS are measured here with web-vitals, loaded only on this page.
import { CheckCircle2, RefreshCw, ShieldAlert, XCircle } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { AUDIT_EMPTY, auditChanges } from "../../../../domain/admin/audit-changes.ts";
import { emailForDisplay } from "../../../../domain/email-display.ts";
import { formatAdminDateTime } from "../../../../domain/admin/dates.ts";
import { connectionStatus, isDomLarge, rateCls, rateLcp, secretLookingEntries, type Rating } from "../../../../domain/admin/security-checks.ts";
import { adminDiagnostics, adminFulfilment } from "../../../../domain/messages/admin.ts";
import { adminSecurity as texts } from "../../../../domain/messages/admin-security.ts";
import type { AuditPage, AuditQuery, PaymentCheck, ResourcePolicy, SecretStatus, SecurityCounts } from "../../../../server/admin/security/security.server.ts";
import { KEEP_SCROLL } from "../../../lib/keep-scroll.ts";
import { toast } from "../../../lib/toast.ts";
import { SelectField } from "../../form/field.tsx";
import { AdminCard, PageHeader, adminButton, useShowsValue } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";

export type SecurityAnswer = { intent: string; policy?: ResourcePolicy[] | null; payment?: PaymentCheck; runId?: string; error?: string | null };

type Props = { counts: SecurityCounts; secrets: SecretStatus[]; audit: AuditPage; query: AuditQuery; checkedAt: string };

function Section({ title, note, action, children, id }: { title: string; note?: string; action?: ReactNode; children: ReactNode; id: string }) {
  return (
    <AdminCard>
      <div className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-200 px-4 py-3">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          {note ? <p className="mt-0.5 max-w-prose text-sm text-gray-600">{note}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </AdminCard>
  );
}

function RefreshButton({ onClick, busy, label }: { onClick: () => void; busy: boolean; label: string }) {
  return (
    <BusyButton type="button" onClick={onClick} busy={busy} className={adminButton.secondary} aria-label={label}>
      <RefreshCw aria-hidden className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} />
      {texts.refresh}
    </BusyButton>
  );
}

/** A check passed or failed, told by an icon as well as the colour. */
function CheckBadge({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${ok ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>
      {ok ? <CheckCircle2 aria-hidden className="h-3.5 w-3.5" /> : <XCircle aria-hidden className="h-3.5 w-3.5" />}
      {children}
    </span>
  );
}

export function SecurityPage({ counts, secrets, audit, query }: Props) {
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === "loading";
  const refresh = () => {
    toast.info(texts.refreshing);
    void revalidator.revalidate();
  };
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <PageHeader title={texts.title} subtitle={texts.subtitle} />

      <Section id="counts-title" title={texts.countsTitle} note={texts.countsNote} action={<RefreshButton onClick={refresh} busy={refreshing} label={`${texts.refresh} ${texts.countsTitle}`} />}>
        <dl data-figures className="grid grid-cols-1 divide-y divide-gray-200 min-[22.5rem]:grid-cols-3 min-[22.5rem]:divide-x min-[22.5rem]:divide-y-0">
          {[
            [texts.users, counts.users],
            [texts.orders, counts.orders],
            [texts.adminUsers, counts.adminUsers],
          ].map(([label, value]) => (
            <div key={label} className="px-4 py-3">
              <dt className="text-xs font-medium text-gray-600">{label}</dt>
              <dd className="mt-0.5 text-xl font-semibold tabular-nums text-gray-900" data-count={label}>
                {Number(value).toLocaleString("en-GB")}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <PolicySection />

      <Section id="secrets-title" title={texts.secretsTitle} note={texts.secretsNote} action={<RefreshButton onClick={refresh} busy={refreshing} label={`${texts.refresh} ${texts.secretsTitle}`} />}>
        <ul className="divide-y divide-gray-200">
          {secrets.map((secret) => (
            <li key={secret.variable} className="flex flex-wrap items-start justify-between gap-2 px-4 py-2.5 wrap-anywhere">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-900">
                  {secret.name} <code className="text-xs text-gray-600">{secret.variable}</code>
                </p>
                <p className="text-xs text-gray-600">{secret.note}</p>
              </div>
              <CheckBadge ok={secret.configured}>{secret.configured ? adminDiagnostics.configured : adminDiagnostics.missing}</CheckBadge>
            </li>
          ))}
        </ul>
      </Section>

      <TestPanel />

      <AuditTrail audit={audit} query={query} />
    </div>
  );
}

const RESOURCE_LABELS: Record<string, string> = { orders: "orders", cart_items: "cart_items", discount_codes: "discount_codes", profiles: "profiles" };

function PolicySection() {
  const fetcher = useAdminFetcher<SecurityAnswer>({ key: "security-probe" });
  const busy = fetcher.state !== "idle";
  const run = () => fetcher.submit({ intent: "probe" }, { method: "post" });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void fetcher.submit({ intent: "probe" }, { method: "post" });
  }, [fetcher]);
  const policy = fetcher.data?.policy;
  return (
    <Section id="policy-title" title={texts.policyTitle} note={texts.policyNote} action={<RefreshButton onClick={run} busy={busy} label={`${texts.refresh} ${texts.policyTitle}`} />}>
      <div aria-busy={busy} aria-live="polite">
        {fetcher.data?.error ? (
          <p role="alert" className="px-4 py-3 text-sm text-red-800">
            {fetcher.data.error}
          </p>
        ) : !policy ? (
          <p className="px-4 py-3 text-sm text-gray-600">{texts.running}</p>
        ) : (
          <ul className="divide-y divide-gray-200">
            {policy.map((row) => (
              <li key={row.resource} className="wrap-anywhere px-4 py-2.5" data-resource={row.resource}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-mono text-sm font-medium text-gray-900">{RESOURCE_LABELS[row.resource]}</p>
                  <CheckBadge ok={row.enabled}>{row.enabled ? adminDiagnostics.enabled : adminDiagnostics.issues}</CheckBadge>
                </div>
                <details className="mt-1 text-xs text-gray-700">
                  <summary className="cursor-pointer py-3.5 sm:py-0">
                    {texts.probes}: {row.probes.filter((probe) => probe.refused).length}/{row.probes.length} {texts.refused} · {row.realRecord ? texts.probedRecord : texts.probedMadeUp}
                  </summary>
                  <ul className="mt-1 space-y-0.5">
                    {row.probes.map((probe, index) => (
                      <li key={index} className={probe.refused ? "" : "font-semibold text-red-800"}>
                        {probe.as}: <code>{probe.request}</code> → {probe.status} {probe.refused ? texts.refused : texts.allowed}
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

type Vitals = { lcp?: { value: number }; inp?: { value: number; rating: Rating }; cls?: { value: number } };

type CheckRow = { name: string; ok: boolean; rating: string; detail: string };

function ratingLabel(rating: Rating): string {
  return rating === "good" ? texts.good : rating === "poor" ? texts.poor : texts.needsImprovement;
}

/** The measurements as web-vitals reports them while this page is open (reportAllChanges). */
function useWebVitals() {
  const vitals = useRef<Vitals>({});
  useEffect(() => {
    let cancelled = false;
    void import("web-vitals").then(({ onLCP, onINP, onCLS }) => {
      if (cancelled) return;
      onLCP((metric) => void (vitals.current.lcp = { value: metric.value }), { reportAllChanges: true });
      onINP((metric) => void (vitals.current.inp = { value: metric.value, rating: metric.rating }), { reportAllChanges: true });
      onCLS((metric) => void (vitals.current.cls = { value: metric.value }), { reportAllChanges: true });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return vitals;
}

function storageEntries(): { store: string; key: string; value: string }[] {
  const entries: { store: string; key: string; value: string }[] = [];
  for (const [store, storage] of [
    ["localStorage", window.localStorage],
    ["sessionStorage", window.sessionStorage],
  ] as const) {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) entries.push({ store, key, value: storage.getItem(key) ?? "" });
    }
  }
  return entries;
}

function clientChecks(vitals: Vitals): CheckRow[] {
  const connection = connectionStatus(window.location.protocol, window.location.hostname);
  const entries = storageEntries();
  const secrets = secretLookingEntries(entries);
  const dom = document.getElementsByTagName("*").length;
  const rows: CheckRow[] = [
    {
      name: texts.https,
      ok: connection !== "insecure",
      rating: connection === "https" ? texts.ok : connection === "local" ? texts.ok : texts.problem,
      detail: connection === "https" ? texts.httpsOn : connection === "local" ? texts.httpsLocal : texts.httpsOff,
    },
    {
      name: texts.storage,
      ok: secrets.length === 0,
      rating: secrets.length === 0 ? texts.ok : texts.problem,
      detail: secrets.length === 0 ? texts.storageClean(entries.length) : texts.storageIssues(secrets.join(", ")),
    },
  ];
  const lcp = vitals.lcp;
  rows.push(
    lcp
      ? { name: texts.lcp, ok: rateLcp(lcp.value) === "good", rating: ratingLabel(rateLcp(lcp.value)), detail: `${Math.round(lcp.value)} ms` }
      : { name: texts.lcp, ok: true, rating: "-", detail: texts.notMeasured },
  );
  const inp = vitals.inp;
  rows.push(
    inp
      ? { name: texts.inp, ok: inp.rating !== "poor", rating: ratingLabel(inp.rating), detail: `${Math.round(inp.value)} ms` }
      : { name: texts.inp, ok: true, rating: "-", detail: texts.inpWaiting },
  );
  const cls = vitals.cls?.value ?? 0;
  rows.push({ name: texts.cls, ok: rateCls(cls) === "good", rating: ratingLabel(rateCls(cls)), detail: cls.toFixed(3) });
  rows.push({ name: texts.dom, ok: !isDomLarge(dom), rating: isDomLarge(dom) ? texts.large : texts.ok, detail: texts.domElements(dom) });
  return rows;
}

function composeResults(rows: CheckRow[], payment: PaymentCheck | undefined): CheckRow[] | null {
  if (!payment) return null;
  const paymentRow: CheckRow = {
    name: texts.payment,
    ok: payment.ok,
    rating: payment.ok ? texts.ok : texts.problem,
    detail: payment.provider === "local" ? texts.paymentLocal : payment.ok ? texts.paymentReachable : texts.paymentUnreachable(payment.detail ?? ""),
  };
  const [https, storage, ...performance] = rows;
  return [https!, storage!, paymentRow, ...performance];
}

function TestPanel() {
  const vitals = useWebVitals();
  const fetcher = useAdminFetcher<SecurityAnswer>({ key: "security-payment" });
  const [run, setRun] = useState<{ id: string; rows: CheckRow[] } | null>(null);
  // A run is complete when the payment provider's answer to this very run is in.
  const answer = run && fetcher.state === "idle" && fetcher.data?.runId === run.id ? fetcher.data : undefined;
  const running = run !== null && !answer;
  const results = run && answer ? composeResults(run.rows, answer.payment) : null;

  const run_ = () => {
    try {
      const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      setRun({ id, rows: clientChecks(vitals.current) });
      void fetcher.submit({ intent: "payment-check", runId: id }, { method: "post" });
    } catch (error) {
      console.error(error);
      setRun(null);
      toast.error(adminDiagnostics.failed);
    }
  };

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!run || !answer || announced.current === run.id) return;
    announced.current = run.id;
    if (results) toast.success(adminDiagnostics.completed);
    else toast.error(adminDiagnostics.failed);
  }, [run, answer, results]);

  return (
    <Section
      id="tests-title"
      title={texts.testsTitle}
      note={texts.testsNote}
      action={
        <BusyButton type="button" onClick={run_} busy={running} className={adminButton.primary}>
          <ShieldAlert aria-hidden className="h-4 w-4" />
          {running ? texts.running : texts.runTests}
        </BusyButton>
      }
    >
      <div aria-live="polite" aria-busy={running}>
        {run && answer && !results ? (
          <p role="alert" className="px-4 py-3 text-sm text-red-800">
            {adminDiagnostics.failed}
          </p>
        ) : null}
        {results ? (
          <>
            <p className="px-4 pt-3 text-sm font-medium text-gray-900">{adminDiagnostics.completed}</p>
            <ul className="divide-y divide-gray-200" aria-label={texts.testsTitle}>
              {results.map((row) => (
                <li key={row.name} className="flex flex-wrap items-start justify-between gap-2 px-4 py-2.5" data-check={row.name}>
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-gray-900">{row.name}</p>
                    <p className="text-xs text-gray-700">{row.detail}</p>
                  </div>
                  <CheckBadge ok={row.ok}>{row.rating}</CheckBadge>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Section>
  );
}

function actionLabel(action: string): string {
  return action.replace(/[._]/g, " ");
}

/** Each changed field on a line of its own, before → after. */
function AuditChangeList({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return null;
  return (
    <dl className="mt-0.5 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 text-xs" data-audit-changes>
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-gray-600">{change.label}</dt>
          <dd className="font-mono wrap-anywhere text-gray-800">
            {change.before !== null ? <span className={change.before === AUDIT_EMPTY ? "text-gray-600" : "text-gray-600 line-through decoration-gray-400"}>{change.before}</span> : null}
            {change.before !== null && change.after !== null ? (
              <>
                <span aria-hidden> → </span>
                <span className="sr-only">{texts.changedTo}</span>
              </>
            ) : null}
            {change.after !== null ? <span>{change.after}</span> : change.before !== null ? <span> ({texts.removed})</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function AuditTrail({ audit, query }: { audit: AuditPage; query: AuditQuery }) {
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/admin/security";
  const filtered = Boolean(query.adminId || query.action);
  const adminShown = useShowsValue<HTMLSelectElement>(query.adminId ?? "");
  const actionShown = useShowsValue<HTMLSelectElement>(query.action ?? "");
  const hrefFor = (page: number) => {
    const params = new URLSearchParams();
    if (query.adminId) params.set("admin", query.adminId);
    if (query.action) params.set("action", query.action);
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return `/admin/security${text ? `?${text}` : ""}#audit-title`;
  };
  return (
    <Section id="audit-title" title={texts.auditTitle} note={texts.auditNote}>
      <Form method="get" preventScrollReset state={KEEP_SCROLL} className="flex flex-wrap items-end gap-2 border-b border-gray-200 px-4 py-3" aria-label={texts.auditTitle}>
        <SelectField density="compact" className="w-full sm:w-64" id="audit-admin" name="admin" label={texts.filterByAdmin} defaultValue={query.adminId ?? ""} ref={adminShown}>
          <option value="">{texts.allAdmins}</option>
          {audit.admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {emailForDisplay(admin.email) || admin.id}
            </option>
          ))}
        </SelectField>
        <SelectField density="compact" className="w-full sm:w-64" id="audit-action" name="action" label={texts.filterByAction} defaultValue={query.action ?? ""} ref={actionShown}>
          <option value="">{texts.allActions}</option>
          {audit.actions.map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={adminButton.secondary}>
          {texts.filter}
        </button>
      </Form>
      <div aria-busy={busy}>
        {audit.items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-gray-600">{filtered ? texts.noMatches : texts.noEntries}</p>
        ) : (
          <>
            <p className="px-4 pt-3 text-xs text-gray-600">{texts.showing((audit.page - 1) * 25 + 1, (audit.page - 1) * 25 + audit.items.length, audit.total)}</p>
            <ol className="divide-y divide-gray-200" aria-label={texts.auditTitle}>
              {audit.items.map((entry) => (
                <li key={entry.id} className="grid gap-0.5 px-4 py-2.5 text-sm sm:grid-cols-[10rem_12rem_1fr] sm:gap-3" data-audit-action={entry.action}>
                  <time dateTime={entry.createdAt} className="text-xs tabular-nums text-gray-600">
                    {formatAdminDateTime(entry.createdAt)}
                  </time>
                  <span className="truncate text-gray-900" title={emailForDisplay(entry.adminEmail)}>
                    {emailForDisplay(entry.adminEmail) || entry.adminId}
                  </span>
                  <div className="min-w-0">
                    <p className="wrap-anywhere font-medium text-gray-900">
                      {actionLabel(entry.action)}
                      {entry.subject ? (
                        entry.subject.href ? (
                          <Link to={entry.subject.href} className="ml-2 font-normal text-gray-800 underline" data-audit-subject>
                            {entry.subject.label}
                          </Link>
                        ) : (
                          <span className="ml-2 font-normal text-gray-800" data-audit-subject>
                            {entry.subject.label}
                          </span>
                        )
                      ) : null}
                    </p>
                    <AuditChangeList before={entry.before} after={entry.after} />
                  </div>
                </li>
              ))}
            </ol>
            {audit.pageCount > 1 ? (
              <nav aria-label="Audit trail pages" className="flex items-center justify-between border-t border-gray-200 px-4 py-2 text-sm">
                {audit.page > 1 ? (
                  <Link to={hrefFor(audit.page - 1)} preventScrollReset state={KEEP_SCROLL} className="underline">
                    {adminFulfilment.previous}
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-gray-600">
                  {adminFulfilment.pageOf(audit.page, audit.pageCount)}
                </span>
                {audit.page < audit.pageCount ? (
                  <Link to={hrefFor(audit.page + 1)} preventScrollReset state={KEEP_SCROLL} className="underline">
                    {adminFulfilment.next}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </>
        )}
      </div>
    </Section>
  );
}
