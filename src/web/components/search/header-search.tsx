import { Search } from "../icons/search.tsx";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { Form, useLocation } from "react-router";
import { headerSearch } from "../../../domain/messages/layout.ts";
import type { ComboboxState, SearchSuggestionsProps } from "./search-suggestions.tsx";

// The header is on every page, so it ships only a plain GET form (it works before and without
// JavaScript). The suggestions (fetching, the listbox, the keyboard) are a chunk of their own,
// loaded the first time a shopper focuses or types in a box: the storefront's first-load
// JavaScript budget (25 KB gzip) has no room for them.
let suggestionsModule: Promise<ComponentType<SearchSuggestionsProps>> | null = null;
function loadSuggestions(): Promise<ComponentType<SearchSuggestionsProps>> {
  suggestionsModule ??= import("./search-suggestions.tsx").then((module) => module.SearchSuggestions);
  // A failed download (offline for a moment) is asked for again on the next focus, but a browser
  // answers a module that failed in this document with the same failure: the suggestions come back
  // with the next page, and the plain form works meanwhile.
  suggestionsModule.catch(() => (suggestionsModule = null));
  return suggestionsModule;
}

const CLOSED: ComboboxState = { expanded: false, activeId: undefined };

type Props = {
  /** The input's id: the header has two boxes (the desktop bar and the mobile menu). */
  id: string;
  className?: string;
  /** Called when the box takes the shopper to another page (the mobile menu closes). */
  onNavigate?: () => void;
};

/** The search being looked at, shown in the box on /search so it can be refined. */
function useCurrentSearch(): string {
  const location = useLocation();
  return location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
}

export function HeaderSearch({ id, className = "", onNavigate }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<SearchSuggestionsProps> | null>(null);
  const [combobox, setCombobox] = useState<ComboboxState>(CLOSED);
  const current = useCurrentSearch();
  const listId = `${id}-suggestions`;

  // A new search (or leaving /search) updates the box, unless the shopper is typing in it.
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box) box.value = current;
  }, [current]);

  const enhance = () => {
    if (Suggestions) return;
    loadSuggestions().then(
      (component) => setSuggestions(() => component),
      () => {},
    );
  };

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={`relative ${className}`}
      onSubmit={() => {
        // Focus moves on to the results, as a full page load would.
        input.current?.blur();
        onNavigate?.();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {headerSearch.label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-brand-900/60" />
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        defaultValue={current}
        placeholder={headerSearch.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        // MAX_SEARCH_LENGTH of src/domain/discovery.ts, typed here so the header does not bundle
        // that module; a longer search from elsewhere still gets the page's 400 with its message.
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={combobox.expanded}
        aria-controls={Suggestions ? listId : undefined}
        aria-activedescendant={combobox.activeId}
        onFocus={enhance}
        onInput={enhance}
        className="h-10 w-full rounded-full border border-brand-100 bg-brand-50 pl-9 pr-4 text-sm placeholder:text-brand-900/60 focus:border-brand-900 focus:bg-white focus:outline-none"
      />
      {/* For screen readers' lists of buttons; the keyboard submits with Enter, so an invisible Tab stop would only lose the focus. */}
      <button type="submit" className="sr-only" tabIndex={-1}>
        {headerSearch.submit}
      </button>
      {Suggestions ? <Suggestions input={input} listId={listId} onState={setCombobox} onNavigate={onNavigate} /> : null}
    </Form>
  );
}
