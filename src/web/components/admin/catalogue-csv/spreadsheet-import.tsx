// Upload, preview, import: the file is checked on the server (nothing written) and the preview
// shown; Import sends the same file again and the server queues it as a background job, whose
// progress this panel follows (and finds again after a reload: ?job= and the page's loader).
import { FileUp, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { JobView } from "../../../../domain/admin/jobs.ts";
import { catalogueCsvErrors as errors, catalogueCsvPage as texts } from "../../../../domain/messages/catalogue-csv.ts";
import { useJob } from "../jobs/use-job.ts";
import { Field } from "../../form/field.tsx";
import { AdminConfirmDialog } from "../ui/admin-dialog.tsx";
import { adminButton } from "../ui/admin-ui.tsx";
import { ImportPreview, type PreviewData } from "./import-preview.tsx";
import { ImportProgress } from "./import-progress.tsx";
import { KEEP_SCROLL } from "../../../lib/keep-scroll.ts";
import { reportIfSessionEnded } from "../session-sign-in.tsx";

/** Mirrors the server's limit (CATALOGUE_CSV_MAX_BYTES), so a big file is refused before it is sent. */
const MAX_BYTES = 10 * 1024 * 1024;

type Phase = { kind: "idle" } | { kind: "checking" } | { kind: "previewed"; preview: PreviewData } | { kind: "importing"; preview: PreviewData } | { kind: "error"; message: string };

async function send(url: string, file: File): Promise<{ ok: true; body: unknown } | { ok: false; message: string }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "text/csv", accept: "application/json", "x-file-name": encodeURIComponent(file.name) },
      body: file,
    });
    reportIfSessionEnded(response);
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    if (!response.ok) return { ok: false, message: body?.error ?? `${response.status} ${response.statusText}` };
    return { ok: true, body };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export function SpreadsheetImport({ activeJob }: { activeJob: JobView | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [confirming, setConfirming] = useState(false);
  const [, setSearchParams] = useSearchParams();
  const { job, follow, connectionLost } = useJob(activeJob);
  const summary = useRef<HTMLParagraphElement>(null);
  // A refused file is marked on the file field, and the cursor goes back there to choose another.
  // A checked one: the field is disabled while it is checked, which dropped the focus to <body>
  // and left the preview unsaid; the focus goes to its outcome line, read out as it arrives.
  useEffect(() => {
    if (phase.kind === "error") input.current?.focus();
    if (phase.kind === "previewed") summary.current?.focus();
  }, [phase]);
  const jobRunning = job !== null && (job.status === "queued" || job.status === "running");

  const check = async (chosen: File) => {
    setFile(chosen);
    if (chosen.size > MAX_BYTES) return setPhase({ kind: "error", message: errors.fileTooLarge("10 MB") });
    if (chosen.size === 0) return setPhase({ kind: "error", message: errors.emptyFile });
    setPhase({ kind: "checking" });
    const answer = await send("/api/admin/products/import/preview", chosen);
    setPhase(answer.ok ? { kind: "previewed", preview: answer.body as PreviewData } : { kind: "error", message: answer.message });
  };

  const startImport = async () => {
    setConfirming(false);
    if (phase.kind !== "previewed" || !file) return;
    setPhase({ kind: "importing", preview: phase.preview });
    const answer = await send("/api/admin/products/import", file);
    if (!answer.ok) return setPhase({ kind: "error", message: answer.message });
    const queued = (answer.body as { job: JobView }).job;
    follow(queued);
    // The job's id in the address: a reload (or the link, shared) shows this import's progress.
    setSearchParams({ job: queued.id }, { replace: true, preventScrollReset: true, state: KEEP_SCROLL });
    setPhase({ kind: "idle" });
    setFile(null);
    if (input.current) input.current.value = "";
  };

  const startOver = () => {
    setPhase({ kind: "idle" });
    setFile(null);
    if (input.current) {
      input.current.value = "";
      input.current.focus();
    }
  };

  const preview = phase.kind === "previewed" || phase.kind === "importing" ? phase.preview : null;
  const importable = preview !== null && preview.creates + preview.updates > 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field
          density="compact"
          className="min-w-0 flex-1"
          ref={input}
          name="file"
          label={texts.chooseFile}
          error={phase.kind === "error" ? phase.message : undefined}
          type="file"
          accept=".csv,text/csv"
          disabled={phase.kind === "checking" || phase.kind === "importing"}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) void check(chosen);
          }}
        />
        {file && phase.kind !== "checking" ? (
          <button type="button" className={adminButton.secondary} onClick={startOver} disabled={phase.kind === "importing"}>
            {texts.removeFile}
          </button>
        ) : null}
      </div>

      {/* The refusal arrives a moment after the file is chosen, with the cursor still on the field:
          a screen reader does not read a description that changes under it, so it is also said. */}
      {phase.kind === "error" ? (
        <p role="alert" className="sr-only">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === "checking" ? (
        <p className="flex items-center gap-2 text-sm text-gray-700" role="status">
          <FileUp aria-hidden className="h-4 w-4 animate-pulse" /> {texts.checking}
        </p>
      ) : null}

      {preview ? (
        <>
          <ImportPreview preview={preview} summaryRef={summary} />
          {importable ? (
            <button type="button" className={adminButton.primary} onClick={() => setConfirming(true)} disabled={phase.kind === "importing" || jobRunning}>
              <Upload aria-hidden className="h-4 w-4" />
              {phase.kind === "importing" ? texts.importing : texts.importButton}
            </button>
          ) : (
            <p className="text-sm font-medium text-red-900">{preview.unchanged > 0 && preview.problemRows === 0 ? texts.nothingToChange : texts.nothingToImport}</p>
          )}
        </>
      ) : null}

      {preview ? (
        <AdminConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={() => void startImport()}
          title={texts.confirmImportTitle(preview.creates + preview.updates)}
          description={texts.confirmImportBody(preview.creates, preview.updates)}
          confirmLabel={texts.importButton}
          cancelLabel={texts.cancel}
          closeLabel={texts.close}
        />
      ) : null}

      {/* The last import's outcome gives way to the preview of the next file; a running one stays. */}
      {job && (jobRunning || phase.kind === "idle") ? <ImportProgress job={job} connectionLost={connectionLost} /> : null}
    </div>
  );
}
