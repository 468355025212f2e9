// Contact (storefront.md section 2 "Contact", section 5 "Contact", section 8 "Contact").
// A plain POST form (works before JavaScript loads); with JavaScript the same shared schema
// checks it first, the errors also come as toasts and the button shows 'Sending...'.
import { CheckCircle2 } from "../components/icons/check-circle-2.tsx";
import { Clock } from "../components/icons/clock.tsx";
import { Headphones } from "../components/icons/headphones.tsx";
import { MessageSquare } from "../components/icons/message-square.tsx";
import { Mail } from "../components/icons/mail.tsx";
import { MapPin } from "../components/icons/map-pin.tsx";
import { Phone } from "../components/icons/phone.tsx";
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { withActionHeaders } from "../lib/action-headers.ts";
import { toast } from "../lib/toast.ts";
import { contact } from "../../domain/messages/contact.ts";
import { FIELD_LIMITS } from "../../domain/field-limits.ts";
import { sendContactMessage, type ContactField } from "../../server/contact/contact.server.ts";
import { staticPageHead } from "../components/static/page-meta.ts";
import { policies, REPLY_WITHIN_HOURS } from "../components/static/policies.ts";
import { Field, focusFirstInvalid, TextAreaField } from "../components/form/field.tsx";
import { readFormData } from "../lib/form-data.ts";
import type { Route } from "./+types/contact";
import { getContactEmail, getPublicShopDetails } from "../../server/settings/shop-settings.server.ts";
import { appContext, requestContext } from "../app-context.ts";
import { logRequestError } from "../../server/http/error-log.server.ts";
import { isDatabaseUnavailable } from "../../server/db/database-errors.server.ts";
import { isDatabaseAwayAnswer } from "../lib/database-away.ts";

const TITLE = "Contact Us";

export const meta: Route.MetaFunction = ({ matches }) =>
  staticPageHead(
    matches,
    "/contact",
    TITLE,
    `Questions about an order, sizing, returns or custom tailoring? Send us a message and we will reply within ${REPLY_WITHIN_HOURS} hours.`,
  );

const CONTACT_FIELDS = ["firstName", "lastName", "email", "phone", "subject", "message"] as const satisfies readonly ContactField[];
type ContactValues = Record<ContactField, string>;

// ours: the title over a problem that is not a missing field (an e-mail address that is not one,
// a text over its length limit); 'Error' stays for a message that could not be sent.
const CHECK_DETAILS_TITLE = "Please check your details";
const TOO_MANY_TITLE = "Too many messages";

/** A field people never see: bots that fill every input fill this one too. */
const HONEYPOT_FIELD = "website";

type FormProblem = {
  status: "invalid" | "failed";
  title: string;
  message: string;
  fieldErrors: Partial<Record<ContactField, string>>;
};

/** A 429's Retry-After reaches the browser. */
export const headers: Route.HeadersFunction = withActionHeaders;

/** The shop's e-mail, phone and address as set on /admin/settings (issue 15, item 15): only what is set. */
export async function loader({ context }: Route.LoaderArgs) {
  // The form drawn again while the database is away (src/host/outages.ts): no shop details to show.
  if (context.get(requestContext).formAnsweredWhileDatabaseAway()) return { email: null, phone: null, address: null };
  const app = context.get(appContext);
  const shop = await getPublicShopDetails(app.db, app.config);
  return { email: shop.email, phone: shop.phone, address: shop.address };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const values = valuesOf(form);
  // A filled honeypot is answered like a success, so the bot learns nothing, and nothing is stored.
  if (textOf(form.get(HONEYPOT_FIELD)) !== "") return { status: "sent" as const };
  try {
    const app = context.get(appContext);
    // The contact e-mail set on /admin/settings, else SHOP_EMAIL (or the admin's address).
    const contactEmail = await getContactEmail(app.db, app.config);
    const result = await sendContactMessage(app.db, values, contactEmail, { ip: context.get(requestContext).clientIp });
    if (!result.ok && result.limited) {
      const problem: FormProblem = { status: "invalid", title: TOO_MANY_TITLE, message: result.message, fieldErrors: {} };
      return data({ ...problem, values }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
    }
    if (!result.ok) {
      const problem: FormProblem = {
        status: "invalid",
        title: result.missingInformation ? contact.missingInfoTitle : CHECK_DETAILS_TITLE,
        message: result.message,
        fieldErrors: result.fieldErrors,
      };
      return data({ ...problem, values }, { status: 400 });
    }
  } catch (error) {
    // The database away for a moment: the host answers 503 with the page and what was typed.
    if (isDatabaseUnavailable(error)) throw error;
    logRequestError("contact message", error);
    return data(sendFailed(values), { status: 500 });
  }
  context.get(appContext).kickMail();
  return { status: "sent" as const };
}

/**
 * With JavaScript the form posts through here. When the server cannot answer at all (the network
 * drops, a proxy or the process fails with a bare 500), the shopper gets the spec's 'Error' /
 * 'Failed to send message. ...' beside the form and keeps what they typed, instead of the
 * generic error screen that would throw the message away.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const values = valuesOf(await request.clone().formData());
  try {
    return await serverAction();
  } catch (error) {
    console.error("contact message could not reach the server", error);
    return sendFailed(values);
  }
}

/** The spec's 'Error' / 'Failed to send message. ...', with what was typed. */
function sendFailed(values: ContactValues): FormProblem & { values: ContactValues } {
  return { status: "failed", title: contact.errorTitle, message: contact.failed, fieldErrors: {}, values };
}

export default function ContactPage({ actionData, loaderData }: Route.ComponentProps) {
  const sent = actionData?.status === "sent";
  // Sent while the database was away: not sent, said with the same words as any failed send.
  // One object per answer: the form says it (and moves the cursor) once.
  const problem = useMemo(() => {
    if (isDatabaseAwayAnswer(actionData)) return sendFailed(valuesOf({ get: (name) => actionData.values[name] ?? null }));
    return actionData && actionData.status !== "sent" ? actionData : null;
  }, [actionData]);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{TITLE}</h1>
        <p className="mt-3 text-base leading-relaxed text-brand-900/75">
          Questions about an order, a fit, a return or custom tailoring? Send us a message and we will reply within{" "}
          {REPLY_WITHIN_HOURS} hours.
        </p>
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Contact form" className="rounded-xl border border-brand-100 p-5 sm:p-8">
          {sent ? <MessageSent /> : <ContactForm serverProblem={problem} />}
        </section>
        <SupportPanel shop={loaderData} />
      </div>
    </main>
  );
}

function ContactForm({ serverProblem }: { serverProblem: (FormProblem & { values: ContactValues }) | null }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [clientProblem, setClientProblem] = useState<FormProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const problem = clientProblem ?? serverProblem;
  const values = serverProblem?.values;

  // A problem the server found (the shared schema or a failed save) is also shown as a toast.
  useEffect(() => {
    if (serverProblem) showToast(serverProblem);
  }, [serverProblem]);

  // Put the cursor where the shopper has to act: after a refusal only, so that a page just opened
  // starts at its top (a screen reader at the heading, a phone without its keyboard up).
  useEffect(() => {
    if (problem) focusFirstInvalid(formRef.current);
  }, [problem]);

  // The shared zod schema checks the form in the browser too, but zod is a third of this page's
  // JavaScript: it loads when the shopper starts on the form, not with the page. The form posts
  // natively before JavaScript runs, and the server checks with the same schema either way.
  const submit = useSubmit();
  const loadSchemas = () => import("../../domain/schemas.ts");

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const { contactMessageSchema, firstIssueMessage } = await loadSchemas();
    const parsed = contactMessageSchema.safeParse(valuesOf(new FormData(form)));
    if (parsed.success) {
      setClientProblem(null);
      await submit(form, { method: "post" });
      return;
    }
    const fieldErrors: FormProblem["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField;
      fieldErrors[field] ??= issue.message;
    }
    const missing = parsed.error.issues.some((issue) => issue.message === contact.missingInfo);
    const found: FormProblem = {
      status: "invalid",
      title: missing ? contact.missingInfoTitle : CHECK_DETAILS_TITLE,
      message: missing ? contact.missingInfo : firstIssueMessage(parsed.error),
      fieldErrors,
    };
    setClientProblem(found);
    showToast(found);
  }

  const fieldProps = (name: ContactField) => ({
    name,
    defaultValue: values?.[name],
    error: problem?.fieldErrors[name],
  });

  return (
    <Form method="post" noValidate onSubmit={(event) => void handleSubmit(event)} onFocus={() => void loadSchemas()} ref={formRef} aria-describedby={problem ? "contact-problem" : undefined}>
      <h2 className="font-serif text-xl font-semibold">Send us a message</h2>
      <p className="mt-1 text-sm text-brand-900/70">
        Fields marked <span aria-hidden>*</span>
        <span className="sr-only">required</span> are required.
      </p>

      {problem ? (
        // Not a live region: the spec's toast says the same and is announced (it was heard twice).
        <div id="contact-problem" className="mt-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">{problem.title}</p>
          <p className="mt-0.5">{problem.message}</p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <ContactFormField label="First name" required autoComplete="given-name" maxLength={FIELD_LIMITS.name} {...fieldProps("firstName")} />
        <ContactFormField label="Last name" required autoComplete="family-name" maxLength={FIELD_LIMITS.name} {...fieldProps("lastName")} />
        <ContactFormField label="Email" type="email" required autoComplete="email" inputMode="email" maxLength={FIELD_LIMITS.email} {...fieldProps("email")} />
        <ContactFormField label="Phone" hint="optional" type="tel" autoComplete="tel" maxLength={FIELD_LIMITS.phone} {...fieldProps("phone")} />
        <div className="sm:col-span-2">
          <ContactFormField label="Subject" required maxLength={FIELD_LIMITS.subject} {...fieldProps("subject")} />
        </div>
        <div className="sm:col-span-2">
          <ContactFormField label="Message" multiline required maxLength={FIELD_LIMITS.message} {...fieldProps("message")} />
        </div>
      </div>

      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Website</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button
        type="submit"
        disabled={sending}
        aria-disabled={sending}
        className="mt-6 inline-flex w-full items-center justify-center rounded-md bg-brand-900 px-6 py-3 text-sm font-semibold text-white hover:bg-black disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {sending ? "Sending..." : "Send Message"}
      </button>
    </Form>
  );
}

type FieldProps = {
  name: ContactField;
  label: string;
  hint?: string;
  required?: boolean;
  multiline?: boolean;
  type?: "text" | "email" | "tel";
  inputMode?: "email";
  autoComplete?: string;
  maxLength: number;
  defaultValue?: string;
  error?: string;
};

function ContactFormField({ multiline = false, hint, error, type = "text", inputMode, ...rest }: FieldProps) {
  // A missing field is named in the alert above; the field itself just says it is required.
  const errorText = error === contact.missingInfo ? "This field is required." : error;
  const optional = hint === "optional";
  if (multiline) return <TextAreaField {...rest} optional={optional} error={errorText} />;
  // Names and the subject may be written right to left; an address or a number never is.
  return <Field {...rest} type={type} inputMode={inputMode} dir={type === "text" ? "auto" : undefined} optional={optional} error={errorText} />;
}

function MessageSent() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    toast.clearErrors();
  }, []);
  return (
    <div role="status" className="flex flex-col items-center py-10 text-center">
      <CheckCircle2 aria-hidden className="h-14 w-14 text-green-700" />
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 font-serif text-2xl font-semibold focus:outline-none">
        {contact.sentTitle}
      </h2>
      <p className="mt-2 max-w-md text-brand-900/75">{contact.sentBody}</p>
      <Link to="/contact" className="mt-6 text-sm font-medium text-brand-700 underline">
        Send another message
      </Link>
    </div>
  );
}

type ShopContact = { email: string | null; phone: string | null; address: string[] | null };

function SupportPanel({ shop }: { shop: ShopContact }) {
  const items: { icon: typeof Clock; title: string; body: ReactNode }[] = [
    ...(shop.email
      ? [
          {
            icon: Mail,
            title: "Email us",
            body: (
              <a href={`mailto:${shop.email}`} className="font-medium text-brand-700 underline" data-testid="shop-email">
                {shop.email}
              </a>
            ),
          },
        ]
      : []),
    ...(shop.phone
      ? [
          {
            icon: Phone,
            title: "Call us",
            body: (
              <a href={`tel:${shop.phone.replace(/[^+\d]/g, "")}`} className="font-medium text-brand-700 underline" data-testid="shop-phone">
                {shop.phone}
              </a>
            ),
          },
        ]
      : []),
    ...(shop.address
      ? [
          {
            icon: MapPin,
            title: "Write to us",
            body: (
              <span data-testid="shop-address">
                {shop.address.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </span>
            ),
          },
        ]
      : []),
    { icon: Headphones, title: "Always here", body: policies.support },
    { icon: Clock, title: "Quick replies", body: `We answer every message within ${REPLY_WITHIN_HOURS} hours.` },
    {
      icon: MessageSquare,
      title: "Quick answers",
      body: (
        <>
          Returns, exchanges, shipping and sizing are covered in our{" "}
          <Link to="/faq" className="font-medium text-brand-700 underline">
            FAQ
          </Link>
          ,{" "}
          <Link to="/returns" className="font-medium text-brand-700 underline">
            Returns &amp; Exchanges
          </Link>{" "}
          and{" "}
          <Link to="/size-guide" className="font-medium text-brand-700 underline">
            Size Guide
          </Link>
          .
        </>
      ),
    },
  ];
  return (
    <aside aria-label="Customer support" className="space-y-5 rounded-xl bg-brand-50 p-5 sm:p-6">
      {items.map(({ icon: Icon, title, body }) => (
        <div key={title} className="flex gap-3">
          <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <div>
            <h2 className="text-sm font-semibold">{title}</h2>
            <p className="mt-0.5 text-sm leading-relaxed text-brand-900/75">{body}</p>
          </div>
        </div>
      ))}
    </aside>
  );
}

function showToast(problem: FormProblem) {
  toast.error(problem.title, { description: problem.message });
}

function textOf(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

function valuesOf(form: Pick<FormData, "get">): ContactValues {
  return Object.fromEntries(CONTACT_FIELDS.map((name) => [name, textOf(form.get(name))])) as ContactValues;
}
