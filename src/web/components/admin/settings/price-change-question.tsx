// The Prices card's question before a new markup or rate is saved: one Save reprices every product
// at once, so the card first says what changes, how many products, what shoppers will pay for two
// of them, and warns when prices more than double or fall below half. The server computed it with
// the storefront's own price rules and saves nothing until the question's button posts the same
// fields again with confirm=true, which works without JavaScript too (a plain form and a link back).
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { describePriceChange } from "../../../../domain/admin/price-change.ts";
import { adminSettings as texts } from "../../../../domain/messages/admin-settings.ts";
import type { useAdminFetcher } from "../session-sign-in.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import type { SettingsAnswer } from "./settings-cards.tsx";

type PricesFetcher = ReturnType<typeof useAdminFetcher<SettingsAnswer>>;
export type PriceQuestion = SettingsAnswer & Required<Pick<SettingsAnswer, "pricePreview" | "proposed">>;

const isQuestion = (answer: SettingsAnswer | undefined): answer is PriceQuestion => answer?.pricePreview !== undefined && answer.proposed !== undefined;

/**
 * The question the card shows: the fetcher's latest answer (kept while its confirmation is being
 * sent), else the page's own answer to a post made without JavaScript; none once the owner went
 * back. When it goes, the focus, which was on its buttons, goes to the field it asked about
 * (Back) or to Save prices (changed).
 */
export function usePriceQuestion(fetcher: PricesFetcher, pageAnswer: SettingsAnswer | undefined, form: RefObject<HTMLFormElement | null>) {
  const latest = fetcher.data ?? pageAnswer;
  const [wentBack, setWentBack] = useState<SettingsAnswer | undefined>(undefined);
  const question = isQuestion(latest) && latest !== wentBack ? latest : undefined;
  const asked = useRef(false);
  const backTo = useRef<string | null>(null);
  useEffect(() => {
    if (question) {
      asked.current = true;
      return;
    }
    if (!asked.current) return;
    asked.current = false;
    const target = backTo.current ? form.current?.elements.namedItem(backTo.current) : form.current?.querySelector('button[type="submit"]');
    backTo.current = null;
    if (target instanceof HTMLElement) target.focus();
  }, [question, form]);
  const back = () => {
    if (!question) return;
    backTo.current = question.pricePreview.markupPercent ? "markupPercent" : "exchangeRate";
    setWentBack(question);
  };
  return { question, back };
}

export function PriceChangeQuestion({ question, fetcher, onBack }: { question: PriceQuestion; fetcher: PricesFetcher; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const busy = fetcher.state !== "idle";
  const said = describePriceChange(question.pricePreview);
  // Read first, before the buttons: the focus starts on the question.
  useEffect(() => heading.current?.focus(), [question]);
  return (
    <fetcher.Form
      method="post"
      aria-labelledby={`${ids}-title`}
      className="space-y-3 p-4"
      data-price-question
      onKeyDown={(event) => {
        if (event.key !== "Escape" || busy) return;
        event.preventDefault();
        onBack();
      }}
    >
      <input type="hidden" name="intent" value="save-settings" />
      {Object.entries(question.proposed).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirm" value="true" />
      <h3 ref={heading} id={`${ids}-title`} tabIndex={-1} aria-describedby={`${ids}-changes ${ids}-affected${said.warning ? ` ${ids}-warning` : ""}`} className="text-base font-semibold text-gray-900 focus:outline-none">
        {texts.confirmPricesTitle}
      </h3>
      <ul id={`${ids}-changes`} className="text-sm font-medium text-gray-900">
        {said.changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      <p id={`${ids}-affected`} className="text-sm text-gray-800">
        {said.affected}
      </p>
      {said.examples.length > 0 ? (
        <div className="text-sm text-gray-800">
          <p>{texts.examplesIntro}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-price-examples>
            {said.examples.map((example) => (
              <li key={example} className="break-words">
                {example}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {said.warning ? (
        <p id={`${ids}-warning`} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          {said.warning}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <BusyButton type="submit" busy={busy} className={said.warning ? adminButton.danger : adminButton.primary}>
          {busy ? texts.changingPrices : texts.changePrices}
        </BusyButton>
        {/* A link, so that without JavaScript it still leads back to the page's fields. */}
        <a
          href="/admin/settings"
          className={adminButton.secondary}
          aria-disabled={busy || undefined}
          onClick={(event) => {
            event.preventDefault();
            if (!busy) onBack();
          }}
        >
          {texts.back}
        </a>
      </div>
    </fetcher.Form>
  );
}
