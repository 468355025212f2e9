// The cards of /admin/settings. Each posts its own form (a fetcher, so one card's answer never
// resets another's typing) and shows the server's message beside the field it is about.
import { KeyRound, ShieldCheck, Trash2, UserPlus } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useSearchParams } from "react-router";
import { useAdminFetcher } from "../session-sign-in.tsx";
import { formatAdminDate } from "../../../../domain/admin/dates.ts";
import { emailForDisplay } from "../../../../domain/email-display.ts";
import type { PriceChangePreview } from "../../../../domain/admin/price-change.ts";
import type { EditableSettings } from "../../../../domain/admin/settings.ts";
import { passwordChange } from "../../../../domain/messages/account.ts";
import { adminSettings as texts } from "../../../../domain/messages/admin-settings.ts";
import { SOCIAL_NETWORKS } from "../../../../domain/shop-details.ts";
import { isPasswordJustChanged, PASSWORD_SECTION_ID } from "../../../lib/password-changed.ts";
import { PriceChangeQuestion, usePriceQuestion } from "./price-change-question.tsx";
import { SHOP_DETAILS_SECTION_ID } from "./settings-anchors.ts";
import { toast } from "../../../lib/toast.ts";
import { Field, focusFirstInvalid, SelectField, TextAreaField } from "../../form/field.tsx";
import { NewPasswordFields } from "../../form/new-password-fields.tsx";
import { AdminCard, adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";

export type SettingsAnswer = {
  intent: string;
  ok: boolean;
  message?: string;
  errors?: Partial<Record<string, string>>;
  enrolment?: { totpUri: string; secret: string; backupCodes: string[] };
  /** A new markup or rate, not saved yet: what it does to prices, and the price fields to post again to confirm it. */
  pricePreview?: PriceChangePreview;
  proposed?: Record<string, string>;
  /** The markup, rate or display currency changed (a post without JavaScript says so on the card). */
  pricesSaved?: boolean;
};

type SettingsView = EditableSettings & { defaults: { contactEmail: string; senderAddress: string[] } };

/** A fetcher for one card: a toast for each answer, or, for a refusal about fields, the marks on
 * them and the cursor on the first (the field says it; a toast would say it twice). */
function useSettingsForm(key: string, form?: RefObject<HTMLFormElement | null>) {
  const fetcher = useAdminFetcher<SettingsAnswer>({ key });
  const latest = fetcher.state === "idle" ? fetcher.data : undefined;
  const shown = useRef<SettingsAnswer | undefined>(undefined);
  useEffect(() => {
    if (!latest || shown.current === latest) return;
    shown.current = latest;
    if (!latest.ok && hasFieldErrors(latest)) focusFirstInvalid(form?.current ?? null);
    else if (!latest.message) return;
    else if (latest.ok) toast.success(latest.message);
    else toast.error(latest.message);
  }, [latest, form]);
  const dismissed = useDismissedOnMoving(form, shown);
  const answer = latest && !latest.ok && latest === dismissed ? undefined : latest;
  const errors = answer && !answer.ok ? (answer.errors ?? {}) : {};
  return { fetcher, answer, busy: fetcher.state !== "idle", errors };
}

/**
 * The answer a card no longer shows: its refusal goes once the owner types in the card's form or
 * sends any form of the page (another card's, or this one's again, whose own answer then comes).
 * A refusal left up beside a card the owner had moved on from read as a problem still open.
 */
function useDismissedOnMoving(form: RefObject<HTMLFormElement | null> | undefined, shown: RefObject<SettingsAnswer | undefined>) {
  const [dismissed, setDismissed] = useState<SettingsAnswer | undefined>(undefined);
  useEffect(() => {
    const dismiss = (event: Event) => {
      if (event.type === "input" && !(event.target instanceof Node && form?.current?.contains(event.target))) return;
      setDismissed(shown.current);
    };
    document.addEventListener("input", dismiss);
    document.addEventListener("submit", dismiss);
    return () => {
      document.removeEventListener("input", dismiss);
      document.removeEventListener("submit", dismiss);
    };
  }, [form, shown]);
  return dismissed;
}

const hasFieldErrors = (answer: SettingsAnswer) => Object.keys(answer.errors ?? {}).length > 0;

/**
 * The form's intent and only the fields changed since the page loaded them: a field left alone is
 * not sent, so it keeps what another admin (or another tab) saved meanwhile instead of being put
 * back to what this page showed. The server keeps every field a save leaves out. Without
 * JavaScript the whole form is posted, as before.
 */
function changedFields(form: HTMLFormElement): FormData {
  const changed = new FormData();
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.type === "hidden") changed.append(element.name, element.value);
    else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.name && element.value !== element.defaultValue) changed.append(element.name, element.value);
    } else if (element instanceof HTMLSelectElement) {
      const loaded = Array.from(element.options).find((option) => option.defaultSelected)?.value;
      if (element.name && element.value !== loaded) changed.append(element.name, element.value);
    }
  }
  return changed;
}

/** Submits a card's changed fields through its fetcher (see changedFields). */
function submitChanged(fetcher: ReturnType<typeof useAdminFetcher<SettingsAnswer>>) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void fetcher.submit(changedFields(event.currentTarget), { method: "post" });
  };
}

function CardHeader({ title, note, icon }: { title: string; note?: string; icon?: ReactNode }) {
  return (
    <div className="border-b border-gray-200 px-4 py-3">
      <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
        {icon}
        {title}
      </h2>
      {note ? <p className="mt-0.5 text-sm text-gray-600">{note}</p> : null}
    </div>
  );
}

function Problem({ answer }: { answer: SettingsAnswer | undefined }) {
  if (!answer || answer.ok || !answer.message || hasFieldErrors(answer)) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      {answer.message}
    </p>
  );
}

/** `pageAnswer`: the action's answer to a post made without JavaScript, which no fetcher holds. */
export function PricesCard({ settings, pageAnswer }: { settings: SettingsView; pageAnswer?: SettingsAnswer }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy, errors } = useSettingsForm("settings-prices", form);
  const { question, back } = usePriceQuestion(fetcher, pageAnswer, form);
  const savedWithoutScript = !fetcher.data && pageAnswer?.pricesSaved === true;
  return (
    <AdminCard>
      <CardHeader title={texts.pricesTitle} note={texts.pricesNote} />
      {question ? <PriceChangeQuestion question={question} fetcher={fetcher} onBack={back} /> : null}
      {/* Hidden, not gone, while the question is asked: Back finds the figures as typed. */}
      <fetcher.Form method="post" ref={form} hidden={question !== undefined} onSubmit={submitChanged(fetcher)} className="grid gap-4 p-4 sm:grid-cols-3" aria-label={texts.pricesTitle}>
        <input type="hidden" name="intent" value="save-settings" />
        <Field density="compact" label={texts.markupPercent} hint={texts.markupHint} error={errors.markupPercent} name="markupPercent" inputMode="decimal" defaultValue={String(settings.markupPercent)} required />
        <SelectField density="compact" label={texts.displayCurrency} hint={texts.displayCurrencyHint} error={errors.displayCurrency} name="displayCurrency" defaultValue={settings.displayCurrency}>
          <option value="GBP">GBP (£)</option>
          <option value="GHS">GHS (₵)</option>
        </SelectField>
        <Field density="compact" label={texts.exchangeRate} hint={texts.exchangeRateHint} error={errors.exchangeRate} name="exchangeRate" inputMode="decimal" defaultValue={String(settings.exchangeRate)} required />
        <div className="sm:col-span-3">
          <BusyButton type="submit" busy={busy} className={adminButton.primary}>
            {busy ? texts.saving : texts.savePrices}
          </BusyButton>
          {savedWithoutScript ? (
            <p role="status" className="mt-2 text-sm font-medium text-green-800">
              {texts.saved}
            </p>
          ) : null}
        </div>
      </fetcher.Form>
    </AdminCard>
  );
}

export function ShopCard({ settings }: { settings: SettingsView }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy, errors } = useSettingsForm("settings-shop", form);
  return (
    <AdminCard id={SHOP_DETAILS_SECTION_ID} className="scroll-mt-16">
      <CardHeader title={texts.shopTitle} />
      <fetcher.Form method="post" ref={form} onSubmit={submitChanged(fetcher)} noValidate className="grid gap-4 p-4" aria-label={texts.shopTitle}>
        <input type="hidden" name="intent" value="save-settings" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field density="compact" label={texts.shopName} hint={texts.shopNameHint} error={errors.shopName} name="shopName" defaultValue={settings.shopName} maxLength={80} required />
          <Field
            density="compact"
            label={texts.contactEmail}
            hint={texts.contactEmailHint(settings.defaults.contactEmail)}
            error={errors.contactEmail}
            name="contactEmail"
            type="email"
            defaultValue={settings.contactEmail ?? ""}
            placeholder={settings.defaults.contactEmail}
          />
        </div>
        <TextAreaField
          density="compact"
          id="sender-address"
          // Reached by a link (#sender-address): its label stays clear of the phone's sticky bar.
          style={{ scrollMarginTop: "6rem" }}
          label={texts.senderAddress}
          hint={texts.senderAddressHint}
          error={errors.senderAddress}
          name="senderAddress"
          rows={5}
          defaultValue={(settings.senderAddress ?? []).join("\n")}
          placeholder={settings.defaults.senderAddress.join("\n")}
        />
        <Field density="compact" label={texts.contactPhone} hint={texts.contactPhoneHint} error={errors.contactPhone} name="contactPhone" type="tel" autoComplete="off" defaultValue={settings.contactPhone ?? ""} maxLength={40} />
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">{texts.socialTitle}</legend>
          <p className="mt-1 text-xs text-gray-600">{texts.socialHint}</p>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {SOCIAL_NETWORKS.map(({ field, label }) => (
              <Field key={field} density="compact" label={label} error={errors[field]} name={field} type="url" inputMode="url" defaultValue={settings[field] ?? ""} placeholder="https://" maxLength={300} />
            ))}
          </div>
        </fieldset>
        <div>
          <BusyButton type="submit" busy={busy} className={adminButton.primary}>
            {busy ? texts.saving : texts.saveShopDetails}
          </BusyButton>
        </div>
      </fetcher.Form>
    </AdminCard>
  );
}

type AdminRow = { userId: string; email: string; name: string; since: string; twoFactorEnabled: boolean };

export function AdminsCard({ admins, myId }: { admins: AdminRow[]; myId: string }) {
  const addForm = useRef<HTMLFormElement>(null);
  const add = useSettingsForm("settings-add-admin", addForm);
  const remove = useSettingsForm("settings-remove-admin");
  const [confirming, setConfirming] = useState<AdminRow | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (add.answer?.ok) addForm.current?.reset();
  }, [add.answer]);
  useEffect(() => {
    if (confirming) dialog.current?.showModal();
    else dialog.current?.close();
  }, [confirming]);
  return (
    <AdminCard>
      <CardHeader title={texts.adminsTitle} note={texts.adminsNote} />
      <ul className="divide-y divide-gray-200" aria-label={texts.adminsTitle}>
        {admins.map((admin) => (
          <li key={admin.userId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-gray-900">
                {emailForDisplay(admin.email)}
                {admin.userId === myId ? <span className="ml-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs font-semibold text-gray-800">{texts.you}</span> : null}
              </p>
              <p className="text-xs text-gray-600">
                {admin.name} · {texts.since(formatAdminDate(admin.since))} ·{" "}
                <span className={admin.twoFactorEnabled ? "font-medium text-green-800" : "text-gray-700"}>{admin.twoFactorEnabled ? texts.twoFactorOn : texts.twoFactorOff}</span>
              </p>
            </div>
            {admin.userId !== myId ? (
              <button type="button" onClick={() => setConfirming(admin)} className={adminButton.secondary} aria-label={`${texts.remove} ${emailForDisplay(admin.email)}`}>
                <Trash2 aria-hidden className="h-4 w-4" />
                {texts.remove}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="border-t border-gray-200 p-4">
        <Problem answer={remove.answer} />
        <add.fetcher.Form method="post" ref={addForm} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start" aria-label={texts.addAdmin}>
          <input type="hidden" name="intent" value="add-admin" />
          <Field density="compact" className="min-w-0 flex-1" label={texts.addAdminLabel} error={add.errors.email} name="email" type="email" required autoComplete="off" />
          <BusyButton type="submit" busy={add.busy} className={`${adminButton.primary} sm:mt-6`}>
            <UserPlus aria-hidden className="h-4 w-4" />
            {add.busy ? texts.adding : texts.addAdmin}
          </BusyButton>
        </add.fetcher.Form>
        <div className="mt-2">
          <Problem answer={add.answer} />
        </div>
      </div>
      <dialog
        ref={dialog}
        onClose={() => setConfirming(null)}
        aria-labelledby="remove-admin-title"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-gray-200 p-0 shadow-xl backdrop:bg-black/40"
      >
        {confirming ? (
          <remove.fetcher.Form method="post" className="p-4" onSubmit={() => setConfirming(null)}>
            <input type="hidden" name="intent" value="remove-admin" />
            <input type="hidden" name="userId" value={confirming.userId} />
            <h2 id="remove-admin-title" className="text-base font-semibold text-gray-900">
              {texts.remove}
            </h2>
            <p className="mt-2 text-sm text-gray-700">{texts.confirmRemove(emailForDisplay(confirming.email))}</p>
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" onClick={() => setConfirming(null)} className={adminButton.secondary} autoFocus>
                {texts.cancel}
              </button>
              <button type="submit" className="inline-flex items-center justify-center gap-1.5 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800">
                {texts.remove}
              </button>
            </div>
          </remove.fetcher.Form>
        ) : null}
      </dialog>
    </AdminCard>
  );
}

/** The admin's own password: the shopper's change of password, on the back office's page. */
export function PasswordCard() {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, answer, busy, errors } = useSettingsForm("settings-password", form);
  // Changed before JavaScript had loaded: said here, there being no toast yet.
  const [params] = useSearchParams();
  const changedWithoutScript = !answer && isPasswordJustChanged(params);
  // Changed: the old and new passwords are nothing to keep on screen.
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  return (
    <AdminCard id={PASSWORD_SECTION_ID} className="scroll-mt-16">
      <CardHeader title={texts.passwordTitle} note={texts.passwordNote} icon={<KeyRound aria-hidden className="h-4 w-4" />} />
      <fetcher.Form method="post" ref={form} noValidate className="grid gap-3 p-4 sm:grid-cols-3" aria-label={texts.passwordTitle}>
        <input type="hidden" name="intent" value="change-password" />
        <Field density="compact" label={passwordChange.currentPasswordLabel} error={errors.currentPassword} name="currentPassword" type="password" autoComplete="current-password" required />
        <NewPasswordFields density="compact" errors={errors} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <BusyButton type="submit" busy={busy} className={adminButton.primary}>
            {busy ? passwordChange.saving : passwordChange.save}
          </BusyButton>
          <Problem answer={answer} />
          {changedWithoutScript ? (
            <p role="status" className="text-sm font-medium text-green-800">
              {passwordChange.done}
            </p>
          ) : null}
        </div>
      </fetcher.Form>
    </AdminCard>
  );
}

export function TwoFactorCard({ enabled, required, onlyEnrolment = false }: { enabled: boolean; required: boolean; onlyEnrolment?: boolean }) {
  return (
    <AdminCard>
      <CardHeader title={texts.twoFactorTitle} note={texts.twoFactorNote} icon={<ShieldCheck aria-hidden className="h-4 w-4" />} />
      <div className="grid gap-4 p-4" id="two-factor">
        {enabled ? <TwoFactorOn required={required} /> : <Enrolment />}
        {onlyEnrolment ? null : <Requirement required={required} />}
      </div>
    </AdminCard>
  );
}

function TwoFactorOn({ required }: { required: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, answer, busy, errors } = useSettingsForm("settings-two-factor-off", form);
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm font-medium text-green-800">
        <ShieldCheck aria-hidden className="h-4 w-4" />
        {texts.twoFactorEnabledForYou}
      </p>
      {required ? (
        <p className="text-sm text-gray-600">{texts.cannotTurnOffWhileRequired}</p>
      ) : (
        <details className="text-sm">
          <summary className="cursor-pointer text-gray-700 underline">{texts.turnOff}</summary>
          <fetcher.Form method="post" ref={form} noValidate className="mt-2 flex flex-wrap items-start gap-2">
            <input type="hidden" name="intent" value="disable-two-factor" />
            <Field density="compact" className="min-w-0 flex-1" label={texts.passwordLabel} error={errors.password} name="password" type="password" autoComplete="current-password" required />
            <BusyButton type="submit" busy={busy} className={`${adminButton.secondary} mt-6`}>
              {texts.turnOffConfirm}
            </BusyButton>
          </fetcher.Form>
          <div className="mt-2">
            <Problem answer={answer} />
          </div>
        </details>
      )}
    </div>
  );
}

function Enrolment() {
  const startForm = useRef<HTMLFormElement>(null);
  const confirmForm = useRef<HTMLFormElement>(null);
  const start = useSettingsForm("settings-two-factor-start", startForm);
  const confirm = useSettingsForm("settings-two-factor-confirm", confirmForm);
  const enrolment = start.answer?.ok ? start.answer.enrolment : undefined;
  if (!enrolment) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-gray-700">{texts.twoFactorDisabledForYou}</p>
        <start.fetcher.Form method="post" ref={startForm} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start" aria-label={texts.setUp}>
          <input type="hidden" name="intent" value="start-two-factor" />
          <Field
            density="compact"
            className="min-w-0 sm:flex-1"
            label={texts.passwordLabel}
            hint={texts.passwordToStart}
            error={start.errors.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <BusyButton type="submit" busy={start.busy} className={`${adminButton.primary} sm:mt-6`}>
            <KeyRound aria-hidden className="h-4 w-4" />
            {texts.setUp}
          </BusyButton>
        </start.fetcher.Form>
        <Problem answer={start.answer} />
      </div>
    );
  }
  return <EnrolmentSteps enrolment={enrolment} confirm={confirm} confirmForm={confirmForm} />;
}

/**
 * The key, the link and the backup codes, in place of the password form. That form's button went
 * with it, and the focus fell to <body> with nothing said: it goes to this panel's heading, which
 * says what the panel is and that its backup codes are shown only now.
 */
function EnrolmentSteps({ enrolment, confirm, confirmForm }: { enrolment: NonNullable<SettingsAnswer["enrolment"]>; confirm: ReturnType<typeof useSettingsForm>; confirmForm: RefObject<HTMLFormElement | null> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h3 ref={heading} tabIndex={-1} aria-describedby={`${ids}-how ${ids}-codes`} className="text-sm font-semibold text-gray-900 focus:outline-none">
        {texts.finishSetUp}
      </h3>
      <p id={`${ids}-how`} className="text-sm text-gray-700">
        {texts.scanOrType}
      </p>
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="font-medium text-gray-800">{texts.secretKey}</dt>
          <dd>
            <code data-testid="totp-secret" className="block break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm tracking-wider text-gray-900">
              {/* In groups of four, as authenticator apps show and accept it. */}
              {enrolment.secret.match(/.{1,4}/g)?.join(" ")}
            </code>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-gray-800">{texts.setupLink}</dt>
          <dd>
            <code data-testid="totp-uri" className="block break-all rounded bg-gray-100 px-2 py-1 font-mono text-xs text-gray-900">
              {enrolment.totpUri}
            </code>
            <a href={enrolment.totpUri} className="mt-1 inline-block text-sm text-gray-800 underline">
              {texts.openInApp}
            </a>
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-gray-900">{texts.backupCodesTitle}</h3>
        <p id={`${ids}-codes`} className="text-xs text-gray-600">
          {texts.backupCodesNote}
        </p>
        <ul data-testid="backup-codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5">
          {enrolment.backupCodes.map((code) => (
            <li key={code} className="rounded bg-gray-100 px-2 py-1 text-center text-gray-900">
              {code}
            </li>
          ))}
        </ul>
      </div>
      <confirm.fetcher.Form method="post" ref={confirmForm} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start" aria-label={texts.confirm}>
        <input type="hidden" name="intent" value="confirm-two-factor" />
        <Field
          density="compact"
          className="sm:w-48"
          label={texts.confirmCode}
          error={confirm.errors.code}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          required
          controlClassName="tracking-widest"
        />
        <BusyButton type="submit" busy={confirm.busy} className={`${adminButton.primary} sm:mt-6`}>
          {texts.confirm}
        </BusyButton>
      </confirm.fetcher.Form>
      <Problem answer={confirm.answer} />
    </div>
  );
}

function Requirement({ required }: { required: boolean }) {
  const { fetcher, answer, busy } = useSettingsForm("settings-two-factor-required");
  const shown = busy && fetcher.formData ? fetcher.formData.get("requireAdminTwoFactor") === "true" : required;
  return (
    <div className="border-t border-gray-200 pt-4">
      <fetcher.Form method="post" className="flex items-start justify-between gap-3">
        <input type="hidden" name="intent" value="save-settings" />
        <input type="hidden" name="requireAdminTwoFactor" value={shown ? "false" : "true"} />
        <div>
          <p id="require-two-factor-label" className="text-sm font-medium text-gray-900">
            {texts.requireTitle}
          </p>
          <p className="text-xs text-gray-600">{texts.requireHint}</p>
        </div>
        <BusyButton
          type="submit"
          role="switch"
          aria-checked={shown}
          aria-labelledby="require-two-factor-label"
          busy={busy}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 ${shown ? "bg-gray-900" : "bg-gray-300"}`}
        >
          <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${shown ? "translate-x-5" : "translate-x-0.5"}`} />
        </BusyButton>
      </fetcher.Form>
      <div className="mt-2">
        <Problem answer={answer && !answer.ok ? { ...answer, errors: undefined } : undefined} />
      </div>
    </div>
  );
}
