// Toasts without putting the toast library in the JavaScript every page loads first (the
// storefront's first-load budget is 120 KB gzip). sonner is fetched after the page is
// interactive (see toaster.tsx); messages asked for earlier wait until the toaster is listening.
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

type Sonner = typeof SonnerModule;

let sonner: Promise<Sonner> | null = null;
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called once the lazily loaded <Toaster> is mounted and subscribed. */
export function toasterMounted() {
  markReady();
}

function show(run: (library: Sonner) => void) {
  void Promise.all([loadSonner(), toasterReady]).then(([library]) => run(library));
}

type Message = Parameters<Sonner["toast"]>[0];

// One message per problem: a text already on screen is shown once (sonner replaces a toast with
// the same id), so a form that reports one error from three places shows it once.
function withId(message: Message, options?: ExternalToast): ExternalToast | undefined {
  if (options?.id !== undefined || typeof message !== "string") return options;
  return { ...options, id: message };
}

const ERROR_TOAST_MS = 10_000;

// Toasts of each outcome still on screen. A success ends the errors, so a stale "Failed to send"
// never sits over "Message Sent!"; an error ends the successes, so "added to cart!" does not stay
// beside "Only 3 left in stock" for the same button.
const shown = { success: new Set<string | number>(), error: new Set<string | number>() };
type Outcome = keyof typeof shown;

// `keep`: the toast about to replace one of them under the same id (Buy Now's one toast) stays.
function dismissShown(library: Sonner, outcome: Outcome, keep?: string | number) {
  for (const id of shown[outcome]) if (id !== keep) library.toast.dismiss(id);
  shown[outcome].clear();
}

function showOutcome(outcome: Outcome, message: Message, options?: ExternalToast) {
  show((library) => {
    // An error stays 10 s (the spec allows 5 to 10): it usually asks the shopper to do something.
    const settings = { duration: outcome === "error" ? ERROR_TOAST_MS : undefined, ...withId(message, options) };
    dismissShown(library, outcome === "error" ? "success" : "error", settings.id);
    shown[outcome].add(library.toast[outcome](message, settings));
  });
}

export const toast = {
  message: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast(message, withId(message, options))),
  success: (message: Message, options?: ExternalToast) => showOutcome("success", message, options),
  /** A success shown on the page itself (the contact form's "Message Sent!") ends the errors too. */
  clearErrors: () => show((library) => dismissShown(library, "error")),
  error: (message: Message, options?: ExternalToast) => showOutcome("error", message, options),
  info: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast.info(message, withId(message, options))),
  loading: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast.loading(message, withId(message, options))),
  dismiss: (id?: string | number) => show(({ toast }) => void toast.dismiss(id)),
};
