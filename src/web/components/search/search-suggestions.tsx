import { useEffect, useMemo, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { searchSuggestions } from "../../../domain/messages/discovery.ts";
import type { Suggestions } from "../../../server/catalog/discovery.server.ts";
import { usePriceFormatter } from "../../lib/prices.ts";
import { ProductImage } from "../product-image.tsx";

// The suggestions of the header's search box: the ARIA 1.2 combobox pattern (the input keeps
// focus; aria-activedescendant names the highlighted option of a listbox). Loaded lazily by
// header-search.tsx, which owns the input and its ARIA attributes; this module listens to it.

/** Wait after the last keystroke before asking: one request per pause, not per letter. */
export const SUGGESTION_DELAY_MS = 150;
/** MIN_SUGGESTION_LENGTH of the API: shorter text gets empty lists, so it is not asked. */
const MIN_LENGTH = 2;

export type ComboboxState = { expanded: boolean; activeId: string | undefined };

export type SearchSuggestionsProps = {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  onState: (state: ComboboxState) => void;
  onNavigate?: () => void;
};

type Option =
  | { kind: "product"; href: string; product: Suggestions["products"][number] }
  | { kind: "category"; href: string; label: string };

function optionsOf(suggestions: Suggestions | null): Option[] {
  if (!suggestions) return [];
  return [
    ...suggestions.products.map((product): Option => ({ kind: "product", href: product.href, product })),
    ...suggestions.categories.map((category): Option => ({ kind: "category", href: category.href, label: category.label })),
  ];
}

export function SearchSuggestions({ input, listId, onState, onNavigate }: SearchSuggestionsProps) {
  const navigate = useNavigate();
  const formatPrice = usePriceFormatter();
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => optionsOf(suggestions), [suggestions]);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);

  // Typing: wait for a pause, then ask. Every keystroke cancels the request in flight, so an
  // answer to older text can never arrive after (and replace) the answer to newer text.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | null = null;
    const ask = () => {
      const q = box.value.trim();
      if (q.length < MIN_LENGTH) {
        setSuggestions(null);
        setActive(-1);
        return;
      }
      const mine = new AbortController();
      request = mine;
      fetch(`/api/search/suggestions?q=${encodeURIComponent(q)}`, { signal: mine.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
        .then((answer) => {
          if (mine.signal.aborted || answer === null) return;
          setSuggestions(answer);
          setActive(-1);
          setOpen(document.activeElement === box);
        })
        // Offline or aborted: the box is still a plain search form.
        .catch(() => {});
    };
    const onInput = () => {
      request?.abort();
      clearTimeout(timer);
      setOpen(true);
      timer = setTimeout(ask, SUGGESTION_DELAY_MS);
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => setOpen(false);
    box.addEventListener("input", onInput);
    box.addEventListener("focus", onFocus);
    box.addEventListener("blur", onBlur);
    // The keystroke that loaded this module has already happened.
    if (box.value.trim().length >= MIN_LENGTH) onInput();
    return () => {
      box.removeEventListener("input", onInput);
      box.removeEventListener("focus", onFocus);
      box.removeEventListener("blur", onBlur);
      clearTimeout(timer);
      request?.abort();
    };
  }, [input]);

  const choose = (option: Option) => {
    setOpen(false);
    input.current?.blur();
    onNavigate?.();
    void navigate(option.href);
  };

  // The keyboard of the combobox pattern, on the input that keeps focus throughout.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const count = options.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === "ArrowDown" ? 1 : -1;
        // From nothing highlighted, Down goes to the first and Up to the last; past either end it wraps.
        setActive((current) => (!expanded || current === -1 ? (step === 1 ? 0 : count - 1) : (current + step + count) % count));
      } else if (event.key === "Enter") {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (!option) return; // the form submits the search
        event.preventDefault();
        choose(option);
      } else if (event.key === "Escape") {
        if (!expanded) return; // the browser clears the box; the mobile menu closes
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    };
    box.addEventListener("keydown", onKeyDown);
    return () => box.removeEventListener("keydown", onKeyDown);
  });

  const productCount = suggestions?.products.length ?? 0;
  const optionClass = (index: number) =>
    `flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 ${index === active ? "bg-brand-50 ring-1 ring-brand-100" : ""}`;
  const optionEvents = (index: number, option: Option) => ({
    // The input keeps focus (and the list stays open) while the pointer presses an option.
    onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
    onMouseMove: () => {
      if (index !== active) setActive(index);
    },
    onClick: () => choose(option),
  });

  return (
    <>
      <div
        id={listId}
        role="listbox"
        aria-label={searchSuggestions.listLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-brand-100 bg-white p-2 text-left shadow-lg"
      >
        {productCount > 0 ? (
          <div role="group" aria-label={searchSuggestions.products}>
            <div aria-hidden className="px-2 pb-1 pt-0.5 text-xs font-semibold uppercase tracking-wide text-brand-900/60">
              {searchSuggestions.products}
            </div>
            {options.slice(0, productCount).map((option, index) =>
              option.kind === "product" ? (
                <div
                  key={option.href}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // Named outright: the picture's loading state is not part of what the option says.
                  aria-label={`${option.product.name}, ${option.product.categoryLabel}, ${formatPrice(option.product.price)}`}
                  className={optionClass(index)}
                  {...optionEvents(index, option)}
                >
                  <span className="h-12 w-10 shrink-0 overflow-hidden rounded bg-brand-50">
                    <ProductImage src={option.product.image ?? undefined} alt="" fallbackText="" sizes="40px" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{option.product.name}</span>
                    <span className="block text-xs text-brand-900/70">{option.product.categoryLabel}</span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold">{formatPrice(option.product.price)}</span>
                </div>
              ) : null,
            )}
          </div>
        ) : null}
        {options.length > productCount ? (
          <div role="group" aria-label={searchSuggestions.categories} className={productCount > 0 ? "mt-2 border-t border-brand-100 pt-2" : ""}>
            <div aria-hidden className="px-2 pb-1 pt-0.5 text-xs font-semibold uppercase tracking-wide text-brand-900/60">
              {searchSuggestions.categories}
            </div>
            {options.slice(productCount).map((option, offset) => {
              const index = productCount + offset;
              return option.kind === "category" ? (
                <div key={option.href} id={optionId(index)} role="option" aria-selected={index === active} className={`${optionClass(index)} text-sm`} {...optionEvents(index, option)}>
                  {option.label}
                </div>
              ) : null;
            })}
          </div>
        ) : null}
      </div>
      <span role="status" className="sr-only">
        {open && suggestions ? searchSuggestions.available(options.length) : ""}
      </span>
    </>
  );
}
