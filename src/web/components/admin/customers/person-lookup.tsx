// A person the Customers list does not show (it lists those with orders): someone who only wrote
// through the contact form, or whose only trace is an account or a staff note, asks for their data
// or its erasure by e-mail. The owner looks the address up here and gets the cards' two actions.
import { Form } from "react-router";
import { emailForDisplay } from "../../../../domain/email-display.ts";
import { adminCustomers as texts } from "../../../../domain/messages/admin.ts";
import { Field } from "../../form/field.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { DownloadDataLink, EraseDataButton } from "./customer-card.tsx";

/** What the page's loader found for `?person=`: the address and whether anything is held, or why the address is none. */
export type PersonLookupResult = { email: string; holds: boolean } | { error: string; typed: string } | null;

export function PersonLookup({ result, search, onErase }: { result: PersonLookupResult; search: string; onErase: (email: string) => void }) {
  const typed = result === null ? "" : "error" in result ? result.typed : result.email;
  return (
    // Folded until used: the list is what the page is for; open while it holds an answer.
    <details open={result !== null} className="rounded-lg border border-gray-200 bg-white px-4 py-3" data-person-lookup>
      <summary className="cursor-pointer text-sm font-semibold text-gray-900">{texts.lookupTitle}</summary>
      <p className="mt-1 text-xs text-gray-600">{texts.lookupNote}</p>
      {/* Keyed by the answer: the field shows the address looked up, also after an erasure reloads the page. */}
      <Form method="get" className="mt-3 flex flex-wrap items-start gap-2" key={typed}>
        {search ? <input type="hidden" name="search" value={search} /> : null}
        <Field
          density="compact"
          className="min-w-0 flex-1 basis-56"
          label={texts.lookupLabel}
          hideLabel
          type="email"
          name="person"
          defaultValue={typed}
          placeholder={texts.lookupPlaceholder}
          maxLength={254}
          error={result !== null && "error" in result ? result.error : null}
        />
        <button type="submit" className={adminButton.secondary}>
          {texts.lookupButton}
        </button>
      </Form>
      {result !== null && !("error" in result) ? (
        <div role="status" className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-lookup-answer={result.holds ? "holds" : "nothing"}>
          <p className="min-w-0 basis-full font-medium break-words text-gray-900 sm:basis-auto">{result.holds ? texts.lookupHolds(emailForDisplay(result.email)) : texts.holdsNothing(emailForDisplay(result.email))}</p>
          {result.holds ? (
            <>
              <DownloadDataLink email={result.email} name={emailForDisplay(result.email)} />
              <EraseDataButton email={result.email} name={emailForDisplay(result.email)} onErase={onErase} />
            </>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}
