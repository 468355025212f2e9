// The editor's images: drop files (several at once) or choose them, each sent to
// POST /api/admin/uploads on its own so one bad file does not stop the others and each gets its
// own message; thumbnails reorder by dragging or with the arrow buttons (keyboard), and remove.
// The first image is the product's main image. The buttons keep the keyboard's focus on the image
// they moved (or, after a removal, at the same place) and a live region says what happened.
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { PRODUCT_LIMITS } from "../../../../domain/admin/product-input.ts";
import { UPLOAD_ACCEPT, UPLOAD_LIMITS } from "../../../../domain/admin/upload-limits.ts";
import { adminProductEditor as text } from "../../../../domain/messages/admin.ts";
import { ProductImage } from "../../product-image.tsx";
import { reportIfSessionEnded } from "../session-sign-in.tsx";

type Props = {
  images: string[];
  onChange: (images: string[]) => void;
  onBusyChange: (busy: boolean) => void;
  error: string | undefined;
};

// A thumb's 44 px on a phone (two thumbnails a row leave each of the three buttons that wide too);
// compact under a desktop's pointer.
const IMAGE_BUTTON = "flex min-h-11 flex-1 items-center justify-center p-1.5 sm:min-h-0 sm:flex-none";

type Control = "earlier" | "remove" | "later";
/** Where the focus goes once the gallery shows a change: a button of an image, or the upload control. */
type FocusTarget = { url: string; control: Control } | "upload";

type UploadAnswer = { images?: { url: string }[]; error?: string };

async function uploadOne(file: File): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  if (file.size > UPLOAD_LIMITS.maxFileBytes) return { ok: false, message: text.uploadTooLarge(file.name, UPLOAD_LIMITS.maxFileBytes / 1024 / 1024) };
  const body = new FormData();
  body.append("files", file);
  try {
    const response = await fetch("/api/admin/uploads", { method: "POST", body, headers: { Accept: "application/json" } });
    reportIfSessionEnded(response);
    const answer = (await response.json().catch(() => ({}))) as UploadAnswer;
    const url = answer.images?.[0]?.url;
    if (response.ok && url) return { ok: true, url };
    return { ok: false, message: answer.error ?? text.uploadFailed(file.name) };
  } catch {
    return { ok: false, message: text.uploadFailed(file.name) };
  }
}

export function ImageGallery({ images, onChange, onBusyChange, error }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const dragged = useRef<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  // Each message is a new node in the region (its count is the key), so a screen reader reads
  // 'Image removed' the second time too.
  const [announcement, setAnnouncement] = useState({ text: "", count: 0 });
  const announce = (message: string) => setAnnouncement((last) => ({ text: message, count: last.count + 1 }));
  // The latest list, for uploads that finish after other changes.
  const current = useRef(images);
  useEffect(() => {
    current.current = images;
  }, [images]);
  useEffect(() => onBusyChange(pending > 0), [pending, onBusyChange]);
  // After the change is on screen: a button that was pressed may be disabled or gone now, and a
  // browser drops the focus of either to the page.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === "upload") {
      input.current?.focus();
      return;
    }
    const item = [...(root.current?.querySelectorAll<HTMLElement>("[data-gallery-image]") ?? [])].find((element) => element.dataset.galleryImage === target.url);
    item?.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]`)?.focus();
  }, [images]);

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const room = PRODUCT_LIMITS.galleryImages - current.current.length;
    const accepted = files.slice(0, Math.max(0, room));
    const refused = files.length - accepted.length > 0 ? [text.galleryTooLong(PRODUCT_LIMITS.galleryImages)] : [];
    setProblems(refused);
    setPending((count) => count + accepted.length);
    // Said through the announcer that is on the page from the start: a status region added with
    // its text is not read by every screen reader.
    if (accepted.length > 0) announce(text.uploading(accepted.length));
    // Two at a time: quick for the owner, gentle with a small server. Each picture joins the
    // gallery in the order chosen, once those chosen before it are done, whichever finishes first.
    const results: (Awaited<ReturnType<typeof uploadOne>> | undefined)[] = accepted.map(() => undefined);
    let placed = 0;
    const placeFinished = () => {
      for (let result = results[placed]; result; result = results[++placed]) {
        if (!result.ok) setProblems((list) => [...list, result.message]);
        else if (!current.current.includes(result.url)) {
          current.current = [...current.current, result.url];
          onChange(current.current);
        }
      }
    };
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < accepted.length; index = next++) {
        results[index] = await uploadOne(accepted[index]!);
        placeFinished();
        setPending((count) => count - 1);
      }
    };
    await Promise.all([worker(), worker()]);
    const added = results.filter((result) => result?.ok).length;
    if (added > 0) announce(text.imagesAdded(added, current.current.length));
  };

  const move = (from: number, to: number, pressed?: "earlier" | "later") => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = [...images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    if (pressed) {
      // At either end the pressed button is disabled: the image's other move button takes the focus.
      const atEnd = pressed === "later" ? to === images.length - 1 : to === 0;
      focusNext.current = { url: item!, control: atEnd ? (pressed === "later" ? "earlier" : "later") : pressed };
    }
    announce(text.imageMoved(to + 1, images.length));
    onChange(next);
  };

  const remove = (index: number) => {
    const next = images.filter((_, other) => other !== index);
    // The same button of the image now at that place (the one before when the last went), or the
    // upload control when none is left.
    focusNext.current = next.length === 0 ? "upload" : { url: next[Math.min(index, next.length - 1)]!, control: "remove" };
    announce(text.imageRemoved);
    onChange(next);
  };

  return (
    <div ref={root} className="space-y-3">
      <div role="status" aria-live="polite" className="sr-only" data-gallery-announcer>
        {announcement.text ? <span key={announcement.count}>{announcement.text}</span> : null}
      </div>
      <div
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => {
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setDragOver(false);
          void upload([...event.dataTransfer.files]);
        }}
        data-dropzone
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${dragOver ? "border-gray-900 bg-gray-100" : "border-gray-300 bg-gray-50"}`}
      >
        <ImagePlus aria-hidden className="h-8 w-8 text-gray-500" />
        <p className="text-sm text-gray-700">{dragOver ? text.dropHere : text.galleryNote}</p>
        <label htmlFor={`${id}-files`} className="cursor-pointer rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 shadow-sm hover:bg-gray-50 focus-within:outline focus-within:outline-2 focus-within:outline-gray-900">
          {text.chooseFiles}
          <input
            ref={input}
            id={`${id}-files`}
            type="file"
            accept={UPLOAD_ACCEPT}
            multiple
            // The server's refusal of the images is this control's: a refused save brings the focus here.
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-problems` : undefined}
            className="sr-only"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = "";
              void upload(files);
            }}
          />
        </label>
      </div>
      {pending > 0 ? (
        <p className="flex items-center gap-2 text-sm text-gray-700" data-uploading>
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
          {text.uploading(pending)}
        </p>
      ) : null}
      {problems.length > 0 || error ? (
        <ul id={`${id}-problems`} role="alert" className="space-y-1 text-sm text-red-800">
          {error ? <li>{error}</li> : null}
          {problems.map((problem, index) => (
            <li key={`${index}-${problem}`}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {images.length === 0 ? (
        <p className="text-xs text-gray-600">{text.noImagesNote}</p>
      ) : (
        <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={text.gallery}>
          {images.map((url, index) => (
            <li
              key={url}
              draggable
              data-gallery-image={url}
              onDragStart={(event) => {
                dragged.current = index;
                event.dataTransfer.effectAllowed = "move";
              }}
              onDragOver={(event) => {
                if (dragged.current === null) return;
                event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragged.current === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(dragged.current, index);
                dragged.current = null;
              }}
              onDragEnd={() => (dragged.current = null)}
              className="group relative overflow-hidden rounded-md border border-gray-200 bg-white"
            >
              <div className="aspect-square cursor-move">
                <ProductImage src={url} alt={text.imageLabel(index + 1, images.length)} fallbackText={url} sizes="120px" />
              </div>
              {index === 0 ? <span className="absolute left-1 top-1 rounded bg-gray-900 px-1.5 py-0.5 text-[10px] font-semibold text-white">Main</span> : null}
              <div className="flex justify-between border-t border-gray-200 bg-white">
                <button type="button" data-control="earlier" onClick={() => move(index, index - 1, "earlier")} disabled={index === 0} aria-label={`${text.moveEarlier}: ${text.imageLabel(index + 1, images.length)}`} className={`${IMAGE_BUTTON} text-gray-700 hover:bg-gray-100 disabled:opacity-30`}>
                  <ArrowLeft aria-hidden className="h-4 w-4" />
                </button>
                <button type="button" data-control="remove" onClick={() => remove(index)} aria-label={`${text.removeImage}: ${text.imageLabel(index + 1, images.length)}`} className={`${IMAGE_BUTTON} text-red-800 hover:bg-red-50`}>
                  <X aria-hidden className="h-4 w-4" />
                </button>
                <button type="button" data-control="later" onClick={() => move(index, index + 1, "later")} disabled={index === images.length - 1} aria-label={`${text.moveLater}: ${text.imageLabel(index + 1, images.length)}`} className={`${IMAGE_BUTTON} text-gray-700 hover:bg-gray-100 disabled:opacity-30`}>
                  <ArrowRight aria-hidden className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
