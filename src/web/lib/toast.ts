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

export const toast = {
  message: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast(message, options)),
  success: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast.success(message, options)),
  error: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast.error(message, options)),
  info: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast.info(message, options)),
  loading: (message: Message, options?: ExternalToast) => show(({ toast }) => void toast.loading(message, options)),
  dismiss: (id?: string | number) => show(({ toast }) => void toast.dismiss(id)),
};
