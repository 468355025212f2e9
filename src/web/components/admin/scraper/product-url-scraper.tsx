// The Product URL Scraper card (admin.md section 2 scraper card, sections 4, 5 and 8): paste a
// product page's address, Scrape, check the preview (picture, name, price, category, description)
// and Save to Database. The server does the fetching and the checks; this card only talks to
// POST /api/admin/products/scrape and POST /api/admin/products/scraped.
import { ExternalLink, ImageOff, Link2, Loader2 } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { adminCategoryLabel } from "../../../../domain/admin/categories.ts";
import { CATEGORIES, type CategoryValue } from "../../../../domain/categories.ts";
import { adminProducts, scraper as texts } from "../../../../domain/messages/admin.ts";
import { formatGbp } from "../../../../domain/money.ts";
import { poundsToPence } from "../../../../domain/pounds-input.ts";
import { toast } from "../../../lib/toast.ts";
import { Field, SelectField } from "../../form/field.tsx";
import { useFocusOnRefusal } from "../../form/use-focus-on-refusal.ts";
import { AdminCard, adminButton } from "../ui/admin-ui.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { reportIfSessionEnded } from "../session-sign-in.tsx";
import type { ScrapedProduct } from "../../../../server/admin/scraper/scraper.server.ts";

type ScrapeAnswer = { success: boolean; product: ScrapedProduct | null; error: string | null; notice?: string | null };
type SaveAnswer = { success: boolean; error: string | null };

const SOURCE_NAMES: Record<ScrapedProduct["source"], string> = {
  "json-ld": "schema.org product data",
  "open-graph": "Open Graph tags",
  microdata: "product microdata",
};

async function postJson<T>(url: string, body: unknown): Promise<T | null> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    reportIfSessionEnded(response);
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

function showError(description: string) {
  toast.error(texts.errorTitle, { description });
}

export function ProductUrlScraper() {
  const id = useId();
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState<"scraping" | "saving" | null>(null);
  const [preview, setPreview] = useState<{ product: ScrapedProduct; notice: string | null } | null>(null);
  const [category, setCategory] = useState<CategoryValue | "">("");
  // What was wrong with the address: the spec's toast says it, and the field keeps it, marked.
  const [urlError, setUrlError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const refused = useFocusOnRefusal(form);
  const refuse = (message: string) => {
    showError(message);
    setUrlError(message);
    refused();
  };

  const scrape = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // admin.md section 5: a blank or whitespace-only URL is refused here and by the server.
    if (url.trim() === "") {
      refuse(texts.invalidUrl);
      return;
    }
    setBusy("scraping");
    const answer = await postJson<ScrapeAnswer>("/api/admin/products/scrape", { url: url.trim() });
    setBusy(null);
    if (!answer?.success || !answer.product) {
      refuse(answer?.error || texts.scrapeFailed);
      return;
    }
    setUrlError(null);
    setPreview({ product: answer.product, notice: answer.notice ?? null });
    setCategory(answer.product.category);
    toast.success(texts.scraped);
  };

  const save = async () => {
    if (!preview || busy || category === "") return;
    setBusy("saving");
    const { product } = preview;
    const answer = await postJson<SaveAnswer>("/api/admin/products/scraped", {
      name: product.name,
      price: product.price,
      image: product.image,
      category,
      description: product.description,
      url: product.url,
    });
    setBusy(null);
    if (!answer?.success) {
      showError(answer?.error ? `${texts.saveFailed}. ${answer.error}` : texts.saveFailed);
      return;
    }
    toast.success(texts.saved);
    setPreview(null);
    setUrl("");
  };

  const pence = preview ? poundsToPence(preview.product.price) : null;

  return (
    <AdminCard className="p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 rounded-md bg-gray-100 p-1.5 text-gray-700" aria-hidden>
          <Link2 className="h-4 w-4" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900">
            {texts.title}
          </h2>
          <p className="mt-0.5 text-sm text-gray-600">{texts.subtitle}</p>
        </div>
      </div>

      <form onSubmit={scrape} ref={form} noValidate className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-start" aria-labelledby={`${id}-title`}>
        <Field
          density="compact"
          hideLabel
          className="min-w-0 flex-1"
          name="url"
          label={texts.urlLabel}
          error={urlError}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={texts.placeholder}
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setUrlError(null);
          }}
          maxLength={2048}
        />
        <BusyButton type="submit" className={`${adminButton.primary} sm:w-28`} busy={busy !== null} disabled={url === ""}>
          {busy === "scraping" ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {busy === "scraping" ? texts.scraping : texts.scrape}
        </BusyButton>
      </form>

      {preview ? (
        <div className="mt-4 rounded-lg border border-gray-200 bg-gray-50 p-3 sm:p-4" data-scraped-preview aria-label={texts.preview} role="region">
          <div className="flex gap-3 sm:gap-4">
            <div className="flex aspect-square w-24 shrink-0 self-start items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-white sm:w-40">
              {preview.product.image ? (
                <img src={preview.product.image} alt={preview.product.name} className="h-full w-full object-contain" />
              ) : (
                <span className="flex flex-col items-center gap-1 px-1 text-center text-xs text-gray-500">
                  <ImageOff aria-hidden className="h-6 w-6" />
                  {adminProducts.noImage}
                </span>
              )}
            </div>
            <div className="min-w-0 flex-1 space-y-2">
              <h3 className="text-base font-semibold leading-snug text-gray-900" data-field="name">
                {preview.product.name}
              </h3>
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
                <dt className="text-gray-600">{texts.price}</dt>
                <dd className="font-medium text-gray-900" data-field="price">
                  {pence === null ? "" : formatGbp(pence)}
                </dd>
              </dl>
              <SelectField
                density="compact"
                inline
                label={texts.category}
                value={category}
                onChange={(event) => setCategory(event.target.value as CategoryValue | "")}
                data-field="category"
              >
                {category === "" ? <option value="">{texts.chooseCategory}</option> : null}
                {CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {adminCategoryLabel(c.value)}
                  </option>
                ))}
              </SelectField>
              <div>
                <h4 className="text-sm text-gray-600">{texts.description}</h4>
                <p className="mt-0.5 line-clamp-6 whitespace-pre-line text-sm text-gray-800" data-field="description">
                  {preview.product.description || texts.noDescription}
                </p>
              </div>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600">
                <span>{texts.foundIn(SOURCE_NAMES[preview.product.source])}</span>
                <a href={preview.product.url} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 underline hover:text-gray-900">
                  {texts.sourcePage}
                  <ExternalLink aria-hidden className="h-3 w-3" />
                </a>
              </p>
              {preview.notice ? (
                <p className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1.5 text-xs text-amber-900" data-field="notice">
                  {preview.notice}
                </p>
              ) : null}
            </div>
          </div>
          <div className="mt-3 flex justify-end">
            <BusyButton type="button" className={`${adminButton.primary} w-full sm:w-auto`} onClick={save} busy={busy !== null} disabled={category === ""}>
              {busy === "saving" ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
              {busy === "saving" ? texts.saving : texts.saveToDatabase}
            </BusyButton>
          </div>
        </div>
      ) : null}
    </AdminCard>
  );
}
