// The frame of the storefront's static pages (storefront.md section 2 "Static pages"): one h1,
// an intro, titled sections and a support call-out.
import { Headphones } from "../icons/headphones.tsx";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { policies } from "./policies.ts";

export function StaticPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="border-b border-brand-100 pb-6">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-base leading-relaxed text-brand-900/75">{intro}</p>
      </header>
      <div className="mt-8 space-y-10">{children}</div>
    </main>
  );
}

/** A titled section; `id` makes it a link target (e.g. /size-guide#shoes). */
export function PageSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={id ? "scroll-mt-28" : undefined}>
      <h2 id={headingId} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-brand-900/85">{children}</div>
    </section>
  );
}

/** A bulleted list of policy sentences. */
export function PolicyList({ items }: { items: readonly string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <span aria-hidden className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function SupportCallout({ children }: { children?: ReactNode }) {
  return (
    <aside aria-label="Customer support" className="flex flex-col gap-4 rounded-xl bg-brand-900 p-6 text-white sm:flex-row sm:items-center">
      <Headphones aria-hidden className="h-8 w-8 shrink-0 text-brand-100" />
      <div className="flex-1">
        <p className="font-semibold">{policies.support}</p>
        <p className="mt-1 text-sm text-white/80">{children ?? "Questions about an order, a fit or a return? Send us a message."}</p>
      </div>
      <Link
        to="/contact"
        className="inline-flex items-center justify-center rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-brand-900 hover:bg-brand-100"
      >
        Contact us
      </Link>
    </aside>
  );
}
